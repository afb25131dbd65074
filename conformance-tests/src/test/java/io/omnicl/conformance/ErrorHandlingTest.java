package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;

import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_buffer_region;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** CL.setExceptionsEnabled: failing calls throw CLException carrying the status and its name. */
class ErrorHandlingTest extends ClTestBase {

    @AfterEach
    void exceptionsOff() {
        CL.setExceptionsEnabled(false);
    }

    /** Runs a call with exceptions on, and returns the CLException it must throw. */
    private static CLException thrown(Executable call) {
        CL.setExceptionsEnabled(true);
        try {
            return assertThrows(CLException.class, call);
        } finally {
            CL.setExceptionsEnabled(false);
        }
    }

    private static void assertException(int expected, CLException e) {
        assertEquals(stringFor_errorCode(expected), stringFor_errorCode(e.getStatus()), "status");
        assertEquals(stringFor_errorCode(expected), e.getMessage(), "message is the status name");
    }

    @Test
    void failingCreateThrowsWithTheStatus() {
        CLException e = thrown(() -> clCreateBuffer(context, CL_MEM_READ_WRITE, 0, null, null));
        assertException(CL_INVALID_BUFFER_SIZE, e);
    }

    @Test
    void failingCreateFillsErrcodeRetAndThrows() {
        int[] code = err();
        CLException e = thrown(() -> clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, null, code));
        assertException(CL_INVALID_VALUE, e);
        assertStatus(CL_INVALID_VALUE, code[0], "errcode_ret is written too");
    }

    @Test
    void failingInfoQueryThrows() {
        CLException e = thrown(() -> clGetDeviceInfo(device, 0x0AB8, 0, null, new long[1]));
        assertException(CL_INVALID_VALUE, e);
    }

    @Test
    void failingEnqueueThrows() {
        int[] e0 = err();
        cl_mem m = track(clCreateBuffer(context, CL_MEM_READ_WRITE, 64, null, e0));
        ok(e0[0], "buffer");
        byte[] host = new byte[128];
        CLException e = thrown(() -> clEnqueueReadBuffer(queue, m, CL_TRUE, 0, 128, Pointer.to(host), 0, null,
                null));
        assertException(CL_INVALID_VALUE, e);
    }

    @Test
    void failingMapThrows() {
        cl_mem m = buffer(CL_MEM_READ_WRITE, 64, null);
        CLException e = thrown(() -> clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ, 0, 0, 0, null, null, null));
        assertException(CL_INVALID_VALUE, e);
    }

    @Test
    void nullHandleThrowsTheMatchingInvalidCode() {
        assertException(CL_INVALID_MEM_OBJECT, thrown(() -> clRetainMemObject(new cl_mem())));
        assertException(CL_INVALID_CONTEXT,
                thrown(() -> clCreateBuffer(null, CL_MEM_READ_WRITE, 64, null, null)));
        assertException(CL_INVALID_VALUE, thrown(() -> clWaitForEvents(0, null)));
    }

    @Test
    void failingBuildThrowsBuildProgramFailure() {
        int[] e0 = err();
        cl_program p = track(clCreateProgramWithSource(context, 1, new String[] {ProgramTest.BROKEN}, null, e0));
        ok(e0[0], "program");
        CLException e = thrown(() -> clBuildProgram(p, 1, new cl_device_id[] {device}, null, null, null));
        assertEquals(CL_BUILD_PROGRAM_FAILURE, e.getStatus());
        assertTrue(e.getMessage().startsWith(stringFor_errorCode(CL_BUILD_PROGRAM_FAILURE)),
                "message starts with the status name: " + e.getMessage());
    }

    @Test
    void successfulCallsDoNotThrow() {
        CL.setExceptionsEnabled(true);
        try {
            int[] code = err();
            cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, 64, null, code);
            assertNotNull(m);
            track(m);
            assertStatus(CL_SUCCESS, code[0], "errcode_ret");
            cl_mem m2 = track(clCreateBuffer(context, CL_MEM_READ_WRITE, 64, null, null));
            assertNotNull(m2);
            assertEquals(CL_SUCCESS, clGetMemObjectInfo(m, CL_MEM_SIZE, Sizeof.size_t, Pointer.to(new long[1]),
                    null));
            assertEquals(CL_SUCCESS, clFinish(queue));
        } finally {
            CL.setExceptionsEnabled(false);
        }
    }

    @Test
    void disablingExceptionsReturnsCodesAgain() {
        CL.setExceptionsEnabled(true);
        CL.setExceptionsEnabled(false);
        int[] code = err();
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, 0, null, code);
        assertStatus(CL_INVALID_BUFFER_SIZE, code[0]);
        assertTrue(m == null || m.getNativePointer() == 0);
        assertStatus(CL_INVALID_VALUE, clGetDeviceInfo(device, 0x0AB8, 0, null, new long[1]));
    }

    @Test
    void errorCodeNames() {
        Object[][] table = {
            {CL_SUCCESS, "CL_SUCCESS"}, {CL_DEVICE_NOT_FOUND, "CL_DEVICE_NOT_FOUND"},
            {CL_MEM_COPY_OVERLAP, "CL_MEM_COPY_OVERLAP"},
            {CL_BUILD_PROGRAM_FAILURE, "CL_BUILD_PROGRAM_FAILURE"},
            {CL_MISALIGNED_SUB_BUFFER_OFFSET, "CL_MISALIGNED_SUB_BUFFER_OFFSET"},
            {CL_INVALID_VALUE, "CL_INVALID_VALUE"}, {CL_INVALID_DEVICE, "CL_INVALID_DEVICE"},
            {CL_INVALID_CONTEXT, "CL_INVALID_CONTEXT"}, {CL_INVALID_COMMAND_QUEUE, "CL_INVALID_COMMAND_QUEUE"},
            {CL_INVALID_HOST_PTR, "CL_INVALID_HOST_PTR"}, {CL_INVALID_MEM_OBJECT, "CL_INVALID_MEM_OBJECT"},
            {CL_INVALID_BUILD_OPTIONS, "CL_INVALID_BUILD_OPTIONS"}, {CL_INVALID_PROGRAM, "CL_INVALID_PROGRAM"},
            {CL_INVALID_PROGRAM_EXECUTABLE, "CL_INVALID_PROGRAM_EXECUTABLE"},
            {CL_INVALID_KERNEL_NAME, "CL_INVALID_KERNEL_NAME"}, {CL_INVALID_KERNEL, "CL_INVALID_KERNEL"},
            {CL_INVALID_ARG_INDEX, "CL_INVALID_ARG_INDEX"}, {CL_INVALID_ARG_VALUE, "CL_INVALID_ARG_VALUE"},
            {CL_INVALID_ARG_SIZE, "CL_INVALID_ARG_SIZE"}, {CL_INVALID_KERNEL_ARGS, "CL_INVALID_KERNEL_ARGS"},
            {CL_INVALID_WORK_DIMENSION, "CL_INVALID_WORK_DIMENSION"},
            {CL_INVALID_WORK_GROUP_SIZE, "CL_INVALID_WORK_GROUP_SIZE"},
            {CL_INVALID_EVENT_WAIT_LIST, "CL_INVALID_EVENT_WAIT_LIST"}, {CL_INVALID_EVENT, "CL_INVALID_EVENT"},
            {CL_INVALID_OPERATION, "CL_INVALID_OPERATION"}, {CL_INVALID_BUFFER_SIZE, "CL_INVALID_BUFFER_SIZE"},
            {CL_INVALID_PROPERTY, "CL_INVALID_PROPERTY"}, {CL_PROFILING_INFO_NOT_AVAILABLE,
                "CL_PROFILING_INFO_NOT_AVAILABLE"},
        };
        for (Object[] row : table) {
            assertEquals(row[1], stringFor_errorCode((Integer) row[0]));
        }
    }

    /** Sets up (with exceptions off) and returns a call that must fail. */
    @FunctionalInterface
    interface Failing {
        Executable prepare();
    }

    /** One failing call per entry point family, each with the status its CLException must carry. */
    Stream<Arguments> failingCalls() {
        return Stream.of(
            arguments("clCreateSubBuffer", CL_INVALID_BUFFER_SIZE, (Failing) () -> {
                cl_mem m = buffer(CL_MEM_READ_WRITE, 256, null);
                return () -> clCreateSubBuffer(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                        new cl_buffer_region(0, 0), null);
            }),
            arguments("clEnqueueWriteBuffer", CL_INVALID_VALUE, (Failing) () -> {
                cl_mem m = buffer(CL_MEM_READ_WRITE, 64, null);
                return () -> clEnqueueWriteBuffer(queue, m, CL_TRUE, 32, 64, Pointer.to(new byte[64]), 0, null, null);
            }),
            arguments("clEnqueueCopyBuffer", CL_MEM_COPY_OVERLAP, (Failing) () -> {
                cl_mem m = buffer(CL_MEM_READ_WRITE, 256, null);
                return () -> clEnqueueCopyBuffer(queue, m, m, 0, 16, 64, 0, null, null);
            }),
            arguments("clEnqueueFillBuffer", CL_INVALID_VALUE, (Failing) () -> {
                cl_mem m = buffer(CL_MEM_READ_WRITE, 256, null);
                return () -> clEnqueueFillBuffer(queue, m, Pointer.to(new byte[4]), 3, 0, 12, 0, null, null);
            }),
            arguments("clEnqueueUnmapMemObject", CL_INVALID_VALUE, (Failing) () -> {
                cl_mem m = buffer(CL_MEM_READ_WRITE, 256, null);
                return () -> clEnqueueUnmapMemObject(queue, m, direct(256), 0, null, null);
            }),
            arguments("clEnqueueMarkerWithWaitList", CL_INVALID_EVENT_WAIT_LIST,
                (Failing) () -> () -> clEnqueueMarkerWithWaitList(queue, 1, null, null)),
            arguments("clEnqueueBarrierWithWaitList", CL_INVALID_COMMAND_QUEUE,
                (Failing) () -> () -> clEnqueueBarrierWithWaitList(new cl_command_queue(), 0, null, null)),
            arguments("clSetUserEventStatus", CL_INVALID_OPERATION, (Failing) () -> {
                cl_event user = userEvent();
                ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
                return () -> clSetUserEventStatus(user, CL_COMPLETE);
            }),
            arguments("clGetEventInfo", CL_INVALID_EVENT,
                (Failing) () -> () -> clGetEventInfo(new cl_event(), CL_EVENT_COMMAND_TYPE, 0, null, new long[1])),
            arguments("clSetEventCallback", CL_INVALID_VALUE, (Failing) () -> {
                cl_event user = userEvent();
                ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
                return () -> clSetEventCallback(user, CL_QUEUED, (e, status, data) -> { }, null);
            }),
            arguments("clCreateUserEvent", CL_INVALID_CONTEXT,
                (Failing) () -> () -> clCreateUserEvent(new cl_context(), null)),
            arguments("clCreateKernel", CL_INVALID_KERNEL_NAME, (Failing) () -> {
                cl_program p = program(ProgramTest.TWO_KERNELS, null);
                return () -> clCreateKernel(p, "no_such_kernel", null);
            }),
            arguments("clSetKernelArg", CL_INVALID_ARG_INDEX, (Failing) () -> {
                cl_kernel k = kernel(program(ProgramTest.TWO_KERNELS, null), "add_one");
                return () -> clSetKernelArg(k, 5, Sizeof.cl_int, Pointer.to(new int[1]));
            }),
            arguments("clGetKernelWorkGroupInfo", CL_INVALID_VALUE, (Failing) () -> {
                cl_kernel k = kernel(program(ProgramTest.TWO_KERNELS, null), "add_one");
                return () -> clGetKernelWorkGroupInfo(k, device, 0x0ABC, 0, null, new long[1]);
            }),
            arguments("clEnqueueNDRangeKernel", CL_INVALID_WORK_DIMENSION, (Failing) () -> {
                cl_kernel k = kernel(program(ProgramTest.TWO_KERNELS, null), "add_one");
                argMem(k, 0, buffer(CL_MEM_READ_WRITE, 64, null));
                return () -> clEnqueueNDRangeKernel(queue, k, 0, null, new long[] {16}, null, 0, null, null);
            }),
            arguments("clCreateCommandQueue", CL_INVALID_CONTEXT,
                (Failing) () -> () -> clCreateCommandQueue(new cl_context(), device, 0, null)),
            arguments("clGetCommandQueueInfo", CL_INVALID_VALUE,
                (Failing) () -> () -> clGetCommandQueueInfo(queue, 0x0ABD, 0, null, new long[1])),
            arguments("clFinish", CL_INVALID_COMMAND_QUEUE, (Failing) () -> () -> clFinish(new cl_command_queue())),
            arguments("clCreateContext", CL_INVALID_VALUE,
                (Failing) () -> () -> clCreateContext(platformProperties(), 0, null, null, null, null)),
            arguments("clGetContextInfo", CL_INVALID_VALUE,
                (Failing) () -> () -> clGetContextInfo(context, 0x0ABE, 0, null, new long[1])),
            arguments("clGetPlatformInfo", CL_INVALID_VALUE,
                (Failing) () -> () -> clGetPlatformInfo(platform, 0x0ABF, 0, null, new long[1])),
            arguments("clGetDeviceIDs", CL_INVALID_VALUE, (Failing) () -> () -> clGetDeviceIDs(platform,
                    CL_DEVICE_TYPE_ALL, 0, new cl_device_id[1], null)),
            arguments("clCreateProgramWithSource", CL_INVALID_VALUE,
                (Failing) () -> () -> clCreateProgramWithSource(context, 0, null, null, null)),
            arguments("clGetProgramBuildInfo", CL_INVALID_DEVICE, (Failing) () -> {
                cl_program p = program(ProgramTest.TWO_KERNELS, null);
                return () -> clGetProgramBuildInfo(p, new cl_device_id(), CL_PROGRAM_BUILD_STATUS, 0, null,
                        new long[1]);
            }),
            arguments("clCompileProgram", CL_INVALID_PROGRAM, (Failing) () -> () -> clCompileProgram(new cl_program(),
                    0, null, null, 0, null, null, null, null)),
            arguments("clLinkProgram", CL_INVALID_VALUE, (Failing) () -> () -> clLinkProgram(context, 0, null, null, 0,
                    null, null, null, null)),
            arguments("clGetMemObjectInfo", CL_INVALID_VALUE, (Failing) () -> {
                cl_mem m = buffer(CL_MEM_READ_WRITE, 64, null);
                return () -> clGetMemObjectInfo(m, 0x0AC0, 0, null, new long[1]);
            }),
            arguments("clEnqueueReadBufferRect", CL_INVALID_VALUE, (Failing) () -> {
                cl_mem m = buffer(CL_MEM_READ_WRITE, 64, null);
                return () -> clEnqueueReadBufferRect(queue, m, CL_TRUE, new long[3], new long[3],
                        new long[] {4, 0, 1}, 0, 0, 0, 0, Pointer.to(new byte[64]), 0, null, null);
            }),
            arguments("clEnqueueMigrateMemObjects", CL_INVALID_VALUE,
                (Failing) () -> () -> clEnqueueMigrateMemObjects(queue, 0, null, 0, 0, null, null)),
            arguments("clReleaseDevice", CL_INVALID_DEVICE, (Failing) () -> () -> clReleaseDevice(new cl_device_id())),
            arguments("clCreateSubDevices", CL_INVALID_VALUE,
                (Failing) () -> () -> clCreateSubDevices(device, null, 0, null, new int[1])),
            arguments("clGetEventProfilingInfo", CL_PROFILING_INFO_NOT_AVAILABLE, (Failing) () -> {
                cl_event user = userEvent();
                ok(clSetUserEventStatus(user, CL_COMPLETE), "complete");
                return () -> clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_END, Sizeof.cl_ulong,
                        Pointer.to(new long[1]), null);
            }));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("failingCalls")
    void everyEntryPointThrowsItsStatus(String name, int status, Failing failing) {
        Executable call = failing.prepare();
        CLException e = thrown(call);
        assertEquals(stringFor_errorCode(status), stringFor_errorCode(e.getStatus()), name);
    }
}
