package io.omnicl.conformance;

import static org.jocl.CL.*;

import org.jocl.CL;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_queue_properties;

/**
 * Bad input (see {@link BadInputTestBase}) to the command-queue entry points: create, retain and release,
 * info, flush and finish.
 */
@SuppressWarnings("deprecation") // OpenCL 1.2 entry points that JOCL marks deprecated for 2.0
class BadInputQueueTest extends BadInputTestBase {

    @Override
    protected void addRows(Table t) {
        queues(t);
    }

    private void queues(Table t) {
        String e0 = "clCreateCommandQueue";
        t.call(e0, "null context", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueue(null, device, 0, e));
        }, CL_INVALID_CONTEXT);
        t.add(e0, "released context", () -> {
            cl_context c = releasedContext();
            return () -> {
                int[] e = err();
                return status(e, clCreateCommandQueue(c, device, 0, e));
            };
        }, CL_INVALID_CONTEXT).skipOnReference(RELEASED);
        t.call(e0, "null device", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueue(context, null, 0, e));
        }, CL_INVALID_DEVICE);
        t.add(e0, "device not in the context", () -> {
            cl_device_id d = foreignDevice();
            return () -> {
                int[] e = err();
                return status(e, clCreateCommandQueue(context, d, 0, e));
            };
        }, CL_INVALID_DEVICE).reference(POCL_SUBDEVICE, CL_SUCCESS);
        t.call(e0, "unknown property bits", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueue(context, device, UNKNOWN_BIT, e));
        }, CL_INVALID_VALUE);

        String e1 = "clCreateCommandQueueWithProperties";
        t.call(e1, "null context", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueueWithProperties(null, device, null, e));
        }, CL_INVALID_CONTEXT);
        t.call(e1, "null device", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueueWithProperties(context, null, null, e));
        }, CL_INVALID_DEVICE);
        t.call(e1, "unknown property name", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueueWithProperties(context, device, queueProps(0x7777, 1), e));
        }, CL_INVALID_VALUE);
        t.call(e1, "unknown bits in CL_QUEUE_PROPERTIES", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueueWithProperties(context, device,
                    queueProps(CL_QUEUE_PROPERTIES, UNKNOWN_BIT), e));
        }, CL_INVALID_VALUE);
        t.call(e1, "CL_QUEUE_SIZE without CL_QUEUE_ON_DEVICE", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueueWithProperties(context, device,
                    queueProps(CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, CL_QUEUE_SIZE, 1024), e));
        }, CL_INVALID_VALUE);

        refRows(t, "clRetainCommandQueue", "command_queue", CL_INVALID_COMMAND_QUEUE, CL::clRetainCommandQueue,
                this::releasedQueue);
        refRows(t, "clReleaseCommandQueue", "command_queue", CL_INVALID_COMMAND_QUEUE, CL::clReleaseCommandQueue,
                this::releasedQueue);
        infoRows(t, "clGetCommandQueueInfo", "command_queue", CL_INVALID_COMMAND_QUEUE, () -> queue,
                this::releasedQueue, CL_QUEUE_PROPERTIES,
                (q, param, size, value, ret) -> clGetCommandQueueInfo(q, param, size, value, ret));
        refRows(t, "clFlush", "command_queue", CL_INVALID_COMMAND_QUEUE, CL::clFlush, this::releasedQueue);
        refRows(t, "clFinish", "command_queue", CL_INVALID_COMMAND_QUEUE, CL::clFinish, this::releasedQueue);
    }

    private static cl_queue_properties queueProps(long... entries) {
        cl_queue_properties p = new cl_queue_properties();
        for (int i = 0; i + 1 < entries.length; i += 2) {
            p.addProperty(entries[i], entries[i + 1]);
        }
        return p;
    }
}
