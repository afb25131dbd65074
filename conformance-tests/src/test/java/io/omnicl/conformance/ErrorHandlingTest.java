package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

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
}
