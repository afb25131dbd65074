package org.jocl;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;

import static org.jocl.CL.*;

/** Command queues. */
final class QueueCalls {

    private static final long SUPPORTED = CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
    private static final long KNOWN = SUPPORTED | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT;

    private QueueCalls() {
    }

    static cl_command_queue clCreateCommandQueue(cl_context context, cl_device_id device, long properties,
                                                 int[] errcode_ret) {
        return Status.create(errcode_ret, () -> create(context, device, properties));
    }

    private static cl_command_queue create(cl_context context, cl_device_id device, long properties) {
        ClContext c = Handles.context(context);
        ClDevice d = Handles.device(device);
        ClError.require(c.devices().contains(d), CL_INVALID_DEVICE, "device not in the context");
        ClError.require((properties & ~KNOWN) == 0, CL_INVALID_VALUE, "unknown queue properties");
        ClError.require((properties & ~SUPPORTED) == 0, CL_INVALID_QUEUE_PROPERTIES, "device queues are not supported");
        return Handles.bind(new cl_command_queue(), c.createQueue(d, properties));
    }

    static cl_command_queue clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                                               cl_queue_properties properties, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            long bits = 0;
            boolean sized = false;
            if (properties != null) {
                long[] pairs = properties.entries();
                for (int i = 0; i + 1 < pairs.length; i += 2) {
                    if (pairs[i] == CL_QUEUE_PROPERTIES) {
                        bits = pairs[i + 1];
                    } else if (pairs[i] == CL_QUEUE_SIZE) {
                        sized = true;
                    } else {
                        throw new ClError(CL_INVALID_VALUE, "unknown queue property " + pairs[i]);
                    }
                }
            }
            // a size belongs to a device queue only; a device queue itself is then unsupported
            ClError.require(!sized || (bits & CL_QUEUE_ON_DEVICE) != 0, CL_INVALID_VALUE,
                    "CL_QUEUE_SIZE without CL_QUEUE_ON_DEVICE");
            return create(context, device, bits);
        });
    }

    static int clRetainCommandQueue(cl_command_queue command_queue) {
        return Status.run(() -> {
            Handles.queue(command_queue).retain();
            return CL_SUCCESS;
        });
    }

    static int clReleaseCommandQueue(cl_command_queue command_queue) {
        return Status.run(() -> {
            Handles.queue(command_queue).release();
            return CL_SUCCESS;
        });
    }

    static int clGetCommandQueueInfo(cl_command_queue command_queue, int param_name, long param_value_size,
                                     Pointer param_value, long[] param_value_size_ret) {
        return Info.query(() -> Handles.queue(command_queue).info(param_name), param_value_size, param_value,
                param_value_size_ret);
    }

    /** Removed from OpenCL after 1.0. */
    static int clSetCommandQueueProperty(cl_command_queue command_queue, long properties, boolean enable,
                                         long[] old_properties) {
        return Status.unsupported();
    }

    static int clFlush(cl_command_queue command_queue) {
        return Status.run(() -> {
            Handles.queue(command_queue).flush();
            return CL_SUCCESS;
        });
    }

    static int clFinish(cl_command_queue command_queue) {
        return Status.run(() -> {
            Handles.queue(command_queue).finish();
            return CL_SUCCESS;
        });
    }
}
