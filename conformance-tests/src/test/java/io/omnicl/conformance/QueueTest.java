package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_mem;
import org.jocl.cl_queue_properties;
import org.junit.jupiter.api.Test;

/** clCreateCommandQueue, clCreateCommandQueueWithProperties, clGetCommandQueueInfo, flush, finish, retain, release. */
@SuppressWarnings("deprecation")
class QueueTest extends ClTestBase {

    private static final int UNKNOWN_QUEUE_PARAM = 0x0AB3;
    private static final long UNDEFINED_QUEUE_BIT = 1L << 20;

    private long deviceQueueProperties() {
        return Info.ulong(deviceQ(device), CL_DEVICE_QUEUE_PROPERTIES);
    }

    private cl_command_queue withProperties(cl_queue_properties props) {
        int[] e = err();
        cl_command_queue q = clCreateCommandQueueWithProperties(context, device, props, e);
        ok(e[0], "clCreateCommandQueueWithProperties");
        assertNotNull(q);
        return track(q);
    }

    private void assertQueueInfo(cl_command_queue q, long expectedProperties) {
        Info.Query info = queueQ(q);
        assertEquals(context, handleInfo(info, CL_QUEUE_CONTEXT, new cl_context()));
        assertEquals(device, handleInfo(info, CL_QUEUE_DEVICE, new cl_device_id()));
        assertEquals(expectedProperties, Info.ulong(info, CL_QUEUE_PROPERTIES));
        assertTrue(Info.uint(info, CL_QUEUE_REFERENCE_COUNT) >= 1);
    }

    @Test
    void inOrderQueueReportsItsContextDeviceAndProperties() {
        cl_command_queue q = track(createQueue(context, device, 0));
        assertQueueInfo(q, 0);
    }

    @Test
    void profilingQueueReportsProfiling() {
        cl_command_queue q = track(createQueue(context, device, CL_QUEUE_PROFILING_ENABLE));
        assertQueueInfo(q, CL_QUEUE_PROFILING_ENABLE);
    }

    @Test
    void outOfOrderQueueIsCreatedExactlyWhenTheDeviceSupportsIt() {
        int[] e = err();
        cl_command_queue q = clCreateCommandQueue(context, device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, e);
        if ((deviceQueueProperties() & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0) {
            ok(e[0], "out-of-order queue on a device that supports it");
            track(q);
            assertQueueInfo(q, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
        } else {
            assertStatus(CL_INVALID_QUEUE_PROPERTIES, e[0], "out-of-order queue on a device without it");
        }
    }

    @Test
    void outOfOrderProfilingQueueCombinesBothProperties() {
        assumeTrue((deviceQueueProperties() & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) != 0,
                "device has no out-of-order queues");
        long both = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
        cl_command_queue q = track(createQueue(context, device, both));
        assertQueueInfo(q, both);
    }

    @Test
    void queueWithNullPropertiesIsInOrder() {
        cl_command_queue q = withProperties(null);
        assertQueueInfo(q, 0);
    }

    @Test
    void queueWithPropertiesProfiling() {
        cl_queue_properties props = new cl_queue_properties();
        props.addProperty(CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE);
        cl_command_queue q = withProperties(props);
        assertQueueInfo(q, CL_QUEUE_PROFILING_ENABLE);
    }

    @Test
    void queueWithPropertiesUnknownKeyIsInvalidValue() {
        cl_queue_properties props = new cl_queue_properties();
        props.addProperty(0x7A7B, 1);
        int[] e = err();
        clCreateCommandQueueWithProperties(context, device, props, e);
        assertStatus(CL_INVALID_VALUE, e[0]);
    }

    @Test
    void queueWithPropertiesUndefinedBitIsInvalidValue() {
        cl_queue_properties props = new cl_queue_properties();
        props.addProperty(CL_QUEUE_PROPERTIES, UNDEFINED_QUEUE_BIT);
        int[] e = err();
        clCreateCommandQueueWithProperties(context, device, props, e);
        assertStatus(CL_INVALID_VALUE, e[0]);
    }

    @Test
    void undefinedPropertyBitIsInvalidValue() {
        int[] e = err();
        cl_command_queue q = clCreateCommandQueue(context, device, UNDEFINED_QUEUE_BIT, e);
        assertStatus(CL_INVALID_VALUE, e[0]);
        assertTrue(q == null || q.getNativePointer() == 0, "no queue on failure");
    }

    @Test
    void nullContextIsInvalidContext() {
        for (cl_context c : new cl_context[] {null, new cl_context()}) {
            int[] e = err();
            clCreateCommandQueue(c, device, 0, e);
            assertStatus(CL_INVALID_CONTEXT, e[0], c == null ? "null" : "new cl_context()");
            e = err();
            clCreateCommandQueueWithProperties(c, device, null, e);
            assertStatus(CL_INVALID_CONTEXT, e[0], "with properties");
        }
    }

    @Test
    void nullDeviceIsInvalidDevice() {
        for (cl_device_id d : new cl_device_id[] {null, new cl_device_id()}) {
            int[] e = err();
            clCreateCommandQueue(context, d, 0, e);
            assertStatus(CL_INVALID_DEVICE, e[0], d == null ? "null" : "new cl_device_id()");
            e = err();
            clCreateCommandQueueWithProperties(context, d, null, e);
            assertStatus(CL_INVALID_DEVICE, e[0], "with properties");
        }
    }

    @Test
    void deviceOutsideTheContextIsInvalidDevice() {
        cl_device_id other = null;
        for (cl_device_id d : Target.devicesOf(platform, CL_DEVICE_TYPE_ALL)) {
            if (!d.equals(device)) {
                other = d;
                break;
            }
        }
        assumeTrue(other != null, "the platform has a single device, so none lies outside the context");
        int[] e = err();
        clCreateCommandQueue(context, other, 0, e);
        assertStatus(CL_INVALID_DEVICE, e[0]);
        e = err();
        clCreateCommandQueueWithProperties(context, other, null, e);
        assertStatus(CL_INVALID_DEVICE, e[0], "with properties");
    }

    @Test
    void retainAndReleaseMoveTheReferenceCount() {
        cl_command_queue q = track(createQueue(context, device, 0));
        int before = Info.uint(queueQ(q), CL_QUEUE_REFERENCE_COUNT);
        ok(clRetainCommandQueue(q), "retain");
        assertEquals(before + 1, Info.uint(queueQ(q), CL_QUEUE_REFERENCE_COUNT));
        ok(clReleaseCommandQueue(q), "release");
        assertEquals(before, Info.uint(queueQ(q), CL_QUEUE_REFERENCE_COUNT));
    }

    @Test
    void flushAndFinishAfterWork() {
        cl_command_queue q = track(createQueue(context, device, 0));
        int[] data = ramp(256, 3, 1);
        cl_mem m = intBuffer(data.length);
        java.nio.ByteBuffer source = direct(data.length * Sizeof.cl_int);
        source.asIntBuffer().put(data);
        ok(clEnqueueWriteBuffer(q, m, CL_FALSE, 0, (long) data.length * Sizeof.cl_int, Pointer.to(source), 0,
                null, null), "non-blocking write");
        ok(clFlush(q), "clFlush");
        ok(clFinish(q), "clFinish");
        java.lang.ref.Reference.reachabilityFence(source);
        ok(clFinish(q), "clFinish on an idle queue");
        ok(clFlush(q), "clFlush on an idle queue");
        assertEquals(java.util.Arrays.toString(data), java.util.Arrays.toString(readInts(q, m, data.length)));
    }

    @Test
    void nullQueueIsInvalidCommandQueue() {
        for (cl_command_queue q : new cl_command_queue[] {null, new cl_command_queue()}) {
            String what = q == null ? "null" : "new cl_command_queue()";
            assertStatus(CL_INVALID_COMMAND_QUEUE, clFlush(q), "flush " + what);
            assertStatus(CL_INVALID_COMMAND_QUEUE, clFinish(q), "finish " + what);
            assertStatus(CL_INVALID_COMMAND_QUEUE, clRetainCommandQueue(q), "retain " + what);
            assertStatus(CL_INVALID_COMMAND_QUEUE, clReleaseCommandQueue(q), "release " + what);
            assertStatus(CL_INVALID_COMMAND_QUEUE,
                    clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, 0, null, new long[1]), "info " + what);
        }
    }

    @Test
    void unknownParamIsInvalidValue() {
        assertStatus(CL_INVALID_VALUE, clGetCommandQueueInfo(queue, UNKNOWN_QUEUE_PARAM, 0, null, new long[1]));
    }

    @Test
    void tooSmallBufferIsInvalidValue() {
        byte[] value = new byte[Sizeof.cl_ulong];
        assertStatus(CL_INVALID_VALUE, clGetCommandQueueInfo(queue, CL_QUEUE_PROPERTIES, Sizeof.cl_ulong - 1,
                Pointer.to(value), null));
    }

    @Test
    void queuesOfOneContextAreDistinct() {
        cl_command_queue a = track(createQueue(context, device, 0));
        cl_command_queue b = track(createQueue(context, device, 0));
        assertTrue(!a.equals(b));
        assertEquals(handleInfo(queueQ(a), CL_QUEUE_CONTEXT, new cl_context()),
                handleInfo(queueQ(b), CL_QUEUE_CONTEXT, new cl_context()));
    }
}
