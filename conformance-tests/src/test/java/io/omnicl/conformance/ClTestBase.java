package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.Deque;

import org.jocl.CL;
import org.jocl.NativePointerObject;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_buffer_region;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;
import org.jocl.cl_sampler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;

/**
 * Shared set-up for every conformance class: the target platform and device, one context and one
 * in-order queue per class, and release of everything a test or a class creates. Objects registered
 * with {@link #track} are released after each test, those registered with {@link #keep} after the class,
 * newest first; a failing release fails the test, since it is part of the behaviour under test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@SuppressWarnings("deprecation")
public abstract class ClTestBase {

    protected cl_platform_id platform;
    protected cl_device_id device;
    /** A context over {@link #device} alone, shared by the class. */
    protected cl_context context;
    /** An in-order queue on {@link #context}, shared by the class. */
    protected cl_command_queue queue;

    private final Deque<NativePointerObject> perTest = new ArrayDeque<>();
    private final Deque<NativePointerObject> perClass = new ArrayDeque<>();
    private boolean inClassSetUp;

    @BeforeAll
    final void openTarget() {
        CL.setExceptionsEnabled(false);
        platform = Target.platform();
        device = Target.device();
        context = keep(createContext(device));
        queue = keep(createQueue(context, device, 0));
        inClassSetUp = true;
    }

    @BeforeEach
    final void enterTest() {
        // every @BeforeAll has run by now: from here on, track() is per test
        inClassSetUp = false;
        CL.setExceptionsEnabled(false);
    }

    @AfterEach
    final void releaseTestObjects() {
        CL.setExceptionsEnabled(false);
        releaseAll(perTest);
    }

    @AfterAll
    final void releaseClassObjects() {
        CL.setExceptionsEnabled(false);
        releaseAll(perClass);
    }

    // ---- ownership -------------------------------------------------------------------------------

    /**
     * Releases {@code object} after the current test (after the class, when called in @BeforeAll). A null (what
     * a failed create returns) is ignored, so that the test reports the create's status, not a
     * NullPointerException.
     */
    protected <T extends NativePointerObject> T track(T object) {
        if (object != null) {
            (inClassSetUp ? perClass : perTest).push(object);
        }
        return object;
    }

    /** Releases {@code object} after the last test of the class (a null is ignored). */
    protected <T extends NativePointerObject> T keep(T object) {
        if (object != null) {
            perClass.push(object);
        }
        return object;
    }

    /** Stops tracking an object the test released itself. */
    protected void untrack(NativePointerObject object) {
        perTest.removeFirstOccurrence(object);
        perClass.removeFirstOccurrence(object);
    }

    private static void releaseAll(Deque<NativePointerObject> objects) {
        StringBuilder failures = new StringBuilder();
        while (!objects.isEmpty()) {
            NativePointerObject o = objects.pop();
            if (o.getNativePointer() == 0) {
                continue; // an out-parameter the failed call never filled in
            }
            int rc = release(o);
            if (rc != CL_SUCCESS) {
                failures.append(o).append(": ").append(stringFor_errorCode(rc)).append('\n');
            }
        }
        if (failures.length() > 0) {
            fail("releasing test objects failed:\n" + failures);
        }
    }

    private static int release(NativePointerObject o) {
        if (o instanceof cl_mem) {
            return clReleaseMemObject((cl_mem) o);
        } else if (o instanceof cl_event) {
            return clReleaseEvent((cl_event) o);
        } else if (o instanceof cl_kernel) {
            return clReleaseKernel((cl_kernel) o);
        } else if (o instanceof cl_program) {
            return clReleaseProgram((cl_program) o);
        } else if (o instanceof cl_command_queue) {
            int rc = clFinish((cl_command_queue) o);
            int rc2 = clReleaseCommandQueue((cl_command_queue) o);
            return rc != CL_SUCCESS ? rc : rc2;
        } else if (o instanceof cl_context) {
            return clReleaseContext((cl_context) o);
        } else if (o instanceof cl_sampler) {
            return clReleaseSampler((cl_sampler) o);
        } else if (o instanceof cl_device_id) {
            return clReleaseDevice((cl_device_id) o);
        }
        throw new IllegalArgumentException("cannot release " + o);
    }

    // ---- status assertions -----------------------------------------------------------------------

    /** Asserts a status code, naming both codes on failure. */
    public static void assertStatus(int expected, int actual) {
        assertStatus(expected, actual, "");
    }

    /** Asserts a status code, naming both codes on failure. */
    public static void assertStatus(int expected, int actual, String what) {
        if (expected != actual) {
            fail((what.isEmpty() ? "" : what + ": ") + "expected " + stringFor_errorCode(expected)
                    + " but was " + stringFor_errorCode(actual));
        }
    }

    /** Asserts CL_SUCCESS. */
    public static void ok(int actual, String what) {
        assertStatus(CL_SUCCESS, actual, what);
    }

    /** A fresh errcode_ret array, preset to a value no call returns, so an untouched one is noticed. */
    public static int[] err() {
        return new int[] {Integer.MIN_VALUE};
    }

    // ---- creation ----------------------------------------------------------------------------------

    /** Properties that name the target platform. */
    protected cl_context_properties platformProperties() {
        cl_context_properties props = new cl_context_properties();
        props.addProperty(CL_CONTEXT_PLATFORM, platform);
        return props;
    }

    /** A context over the given devices of the target platform (not tracked). */
    protected cl_context createContext(cl_device_id... devices) {
        int[] e = err();
        cl_context c = clCreateContext(platformProperties(), devices.length, devices, null, null, e);
        ok(e[0], "clCreateContext");
        assertNotNull(c);
        return c;
    }

    /** A queue with the given properties (not tracked). */
    protected static cl_command_queue createQueue(cl_context ctx, cl_device_id dev, long properties) {
        int[] e = err();
        cl_command_queue q = clCreateCommandQueue(ctx, dev, properties, e);
        ok(e[0], "clCreateCommandQueue");
        assertNotNull(q);
        return q;
    }

    /** A tracked buffer on {@link #context}. */
    protected cl_mem buffer(long flags, long size, Pointer hostPtr) {
        int[] e = err();
        cl_mem m = clCreateBuffer(context, flags, size, hostPtr, e);
        ok(e[0], "clCreateBuffer");
        return track(m);
    }

    /** A tracked read-write buffer initialised with the given ints. */
    protected cl_mem intBuffer(int[] data) {
        return buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, (long) data.length * Sizeof.cl_int,
                Pointer.to(data));
    }

    /** A tracked read-write buffer of n ints, uninitialised. */
    protected cl_mem intBuffer(int n) {
        return buffer(CL_MEM_READ_WRITE, (long) n * Sizeof.cl_int, null);
    }

    /** A tracked program built from source for {@link #device}; fails the test with the log otherwise. */
    protected cl_program program(String source, String options) {
        return program(context, device, source, options);
    }

    /** A tracked program built from source; fails the test with the log otherwise. */
    protected cl_program program(cl_context ctx, cl_device_id dev, String source, String options) {
        int[] e = err();
        cl_program p = clCreateProgramWithSource(ctx, 1, new String[] {source}, null, e);
        ok(e[0], "clCreateProgramWithSource");
        track(p);
        int rc = clBuildProgram(p, 1, new cl_device_id[] {dev}, options, null, null);
        if (rc != CL_SUCCESS) {
            String log = Info.string(buildQ(p, dev), CL_PROGRAM_BUILD_LOG);
            fail("clBuildProgram: " + stringFor_errorCode(rc) + "\n" + log);
        }
        return p;
    }

    /** A tracked kernel. */
    protected cl_kernel kernel(cl_program p, String name) {
        int[] e = err();
        cl_kernel k = clCreateKernel(p, name, e);
        ok(e[0], "clCreateKernel(" + name + ")");
        return track(k);
    }

    /** Sets a buffer argument. */
    protected static void argMem(cl_kernel k, int index, cl_mem m) {
        ok(clSetKernelArg(k, index, Sizeof.cl_mem, Pointer.to(m)), "clSetKernelArg(" + index + ", mem)");
    }

    /** Sets an int argument. */
    protected static void argInt(cl_kernel k, int index, int value) {
        ok(clSetKernelArg(k, index, Sizeof.cl_int, Pointer.to(new int[] {value})),
                "clSetKernelArg(" + index + ", int)");
    }

    /** A tracked sub-buffer of {@code parent} covering {@code size} bytes from {@code origin}. */
    protected cl_mem subBuffer(cl_mem parent, long flags, long origin, long size) {
        int[] e = err();
        cl_mem sub = clCreateSubBuffer(parent, flags, CL_BUFFER_CREATE_TYPE_REGION,
                new cl_buffer_region(origin, size), e);
        ok(e[0], "clCreateSubBuffer(origin " + origin + ", size " + size + ")");
        return track(sub);
    }

    /** The status clCreateSubBuffer reports; a sub-buffer it creates anyway is tracked. */
    protected int subBufferStatus(cl_mem parent, long flags, long origin, long size) {
        int[] e = err();
        cl_mem sub = clCreateSubBuffer(parent, flags, CL_BUFFER_CREATE_TYPE_REGION,
                new cl_buffer_region(origin, size), e);
        return status(e, sub);
    }

    /**
     * The status a creating call reported through {@code e}; an object it created anyway (a failed link may
     * return a program holding the log) is tracked, so it is released after the test.
     */
    protected int status(int[] e, NativePointerObject created) {
        if (created != null && created.getNativePointer() != 0) {
            track(created);
        }
        return e[0];
    }

    /** A tracked user event on {@link #context}. */
    protected cl_event userEvent() {
        return userEvent(context);
    }

    /** A tracked user event on the given context. */
    protected cl_event userEvent(cl_context ctx) {
        int[] e = err();
        cl_event user = clCreateUserEvent(ctx, e);
        ok(e[0], "clCreateUserEvent");
        return track(user);
    }

    /** CL_EVENT_COMMAND_EXECUTION_STATUS of an event. */
    protected static int execStatus(cl_event e) {
        return Info.uint(eventQ(e), CL_EVENT_COMMAND_EXECUTION_STATUS);
    }

    /** A tracked queue on {@link #context} with the given properties. */
    protected cl_command_queue trackedQueue(long properties) {
        return track(createQueue(context, device, properties));
    }

    /** CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE where the device supports it, else 0. */
    protected long outOfOrderIfSupported() {
        return Info.ulong(deviceQ(device), CL_DEVICE_QUEUE_PROPERTIES) & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
    }

    /** Sub-buffer origin alignment of a device, in bytes (CL_DEVICE_MEM_BASE_ADDR_ALIGN is in bits). */
    protected static long baseAlignBytes(cl_device_id d) {
        return Math.max(1, Info.uint(deviceQ(d), CL_DEVICE_MEM_BASE_ADDR_ALIGN) / 8);
    }

    /** Whether the device under test reports CL_DEVICE_IMAGE_SUPPORT. */
    protected boolean imageSupport() {
        return Info.uint(deviceQ(device), CL_DEVICE_IMAGE_SUPPORT) != 0;
    }

    /** A device of the target platform other than {@link #device}, or null on a single-device platform. */
    protected cl_device_id otherDevice() {
        for (cl_device_id d : Target.devicesOf(platform, CL_DEVICE_TYPE_ALL)) {
            if (!d.equals(device)) {
                return d;
            }
        }
        return null;
    }

    /** A second tracked context over {@link #device}, for wrong-context arguments. */
    protected cl_context otherContext() {
        return track(createContext(device));
    }

    /** A tracked buffer in another context, for wrong-context arguments. */
    protected cl_mem foreignBuffer(long size) {
        cl_context other = otherContext();
        int[] e = err();
        cl_mem m = clCreateBuffer(other, CL_MEM_READ_WRITE, size, null, e);
        ok(e[0], "clCreateBuffer in another context");
        return track(m);
    }

    /** A tracked queue in another context, for wrong-context arguments. */
    protected cl_command_queue foreignQueue() {
        return track(createQueue(otherContext(), device, 0));
    }

    /** A tracked, completed user event of another context, for wrong-context wait lists. */
    protected cl_event foreignEvent() {
        cl_event e = userEvent(otherContext());
        ok(clSetUserEventStatus(e, CL_COMPLETE), "complete the foreign event");
        return e;
    }

    // ---- data movement -----------------------------------------------------------------------------

    protected int[] readInts(cl_command_queue q, cl_mem m, int n) {
        int[] out = new int[n];
        ok(clEnqueueReadBuffer(q, m, CL_TRUE, 0, (long) n * Sizeof.cl_int, Pointer.to(out), 0, null, null),
                "clEnqueueReadBuffer");
        return out;
    }

    protected int[] readInts(cl_mem m, int n) {
        return readInts(queue, m, n);
    }

    protected byte[] readBytes(cl_mem m, int n) {
        byte[] out = new byte[n];
        ok(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, n, Pointer.to(out), 0, null, null),
                "clEnqueueReadBuffer");
        return out;
    }

    protected void writeInts(cl_mem m, int[] data) {
        ok(clEnqueueWriteBuffer(queue, m, CL_TRUE, 0, (long) data.length * Sizeof.cl_int, Pointer.to(data), 0,
                null, null), "clEnqueueWriteBuffer");
    }

    protected byte[] readBytes(cl_command_queue q, cl_mem m, long offset, int n) {
        byte[] out = new byte[n];
        ok(clEnqueueReadBuffer(q, m, CL_TRUE, offset, n, Pointer.to(out), 0, null, null), "clEnqueueReadBuffer");
        return out;
    }

    protected void writeBytes(cl_command_queue q, cl_mem m, long offset, byte[] data) {
        ok(clEnqueueWriteBuffer(q, m, CL_TRUE, offset, data.length, Pointer.to(data), 0, null, null),
                "clEnqueueWriteBuffer");
    }

    /** n bytes of a recognisable, seed-dependent pattern. */
    public static byte[] bytes(int n, int seed) {
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++) {
            out[i] = (byte) (i * 31 + seed * 7 + (i >> 8));
        }
        return out;
    }

    protected static void waitFor(cl_event... events) {
        ok(clWaitForEvents(events.length, events), "clWaitForEvents");
    }

    protected static void finish(cl_command_queue q) {
        ok(clFinish(q), "clFinish");
    }

    /** A new, untouched event out-parameter. */
    protected static cl_event newEvent() {
        return new cl_event();
    }

    /** A direct buffer in the platform's byte order. */
    public static ByteBuffer direct(int bytes) {
        return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
    }

    /** 0, 1, ..., n-1 scaled and shifted, so that different buffers hold different data. */
    public static int[] ramp(int n, int scale, int shift) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = i * scale + shift;
        }
        return out;
    }

    // ---- info queries bound to objects ---------------------------------------------------------------

    public static Info.Query platformQ(cl_platform_id p) {
        return (param, size, value, ret) -> clGetPlatformInfo(p, param, size, value, ret);
    }

    public static Info.Query deviceQ(cl_device_id d) {
        return (param, size, value, ret) -> clGetDeviceInfo(d, param, size, value, ret);
    }

    public static Info.Query contextQ(cl_context c) {
        return (param, size, value, ret) -> clGetContextInfo(c, param, size, value, ret);
    }

    public static Info.Query queueQ(cl_command_queue q) {
        return (param, size, value, ret) -> clGetCommandQueueInfo(q, param, size, value, ret);
    }

    public static Info.Query memQ(cl_mem m) {
        return (param, size, value, ret) -> clGetMemObjectInfo(m, param, size, value, ret);
    }

    public static Info.Query programQ(cl_program p) {
        return (param, size, value, ret) -> clGetProgramInfo(p, param, size, value, ret);
    }

    public static Info.Query buildQ(cl_program p, cl_device_id d) {
        return (param, size, value, ret) -> clGetProgramBuildInfo(p, d, param, size, value, ret);
    }

    public static Info.Query kernelQ(cl_kernel k) {
        return (param, size, value, ret) -> clGetKernelInfo(k, param, size, value, ret);
    }

    public static Info.Query workGroupQ(cl_kernel k, cl_device_id d) {
        return (param, size, value, ret) -> clGetKernelWorkGroupInfo(k, d, param, size, value, ret);
    }

    public static Info.Query eventQ(cl_event e) {
        return (param, size, value, ret) -> clGetEventInfo(e, param, size, value, ret);
    }

    public static Info.Query profilingQ(cl_event e) {
        return (param, size, value, ret) -> clGetEventProfilingInfo(e, param, size, value, ret);
    }

    /**
     * Reads a handle-valued parameter by letting the implementation write it into {@code into} through
     * {@code Pointer.to(into)}, after checking that its size is that of a pointer.
     */
    public static <T extends NativePointerObject> T handleInfo(Info.Query q, int param, T into) {
        assertEquals(Sizeof.POINTER, Info.size(q, param), "size of handle param 0x" + Integer.toHexString(param));
        long[] ret = new long[1];
        ok(q.get(param, Sizeof.POINTER, Pointer.to(into), ret), "handle query 0x" + Integer.toHexString(param));
        assertEquals(Sizeof.POINTER, ret[0]);
        return into;
    }

    /** Whether a handle read back by {@link #handleInfo} is the NULL handle. */
    public static boolean isNullHandle(NativePointerObject o) {
        return o.getNativePointer() == 0;
    }
}
