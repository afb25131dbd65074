package org.jocl;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClEvent;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClObject;
import io.omnicl.driver.ClPlatform;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.ClSampler;
import io.omnicl.driver.Counted;

import java.util.ArrayList;
import java.util.List;

/**
 * Between handles and runtime objects: each handle is bound to the object it stands for (ICD-style: the
 * object is the driver's), and resolving one checks that it is bound, of the right kind and not released.
 */
final class Handles {

    private Handles() {
    }

    /** Binds {@code handle} (when given) to {@code target}; returns it. */
    static <H extends NativePointerObject> H bind(H handle, ClObject target) {
        if (handle != null) {
            handle.bind(target, target == null ? 0 : target.id());
        }
        return handle;
    }

    /** A new handle of the right class for {@code target}. */
    static NativePointerObject handleFor(Object target) {
        NativePointerObject h;
        if (target instanceof ClPlatform) {
            h = new cl_platform_id();
        } else if (target instanceof ClDevice) {
            h = new cl_device_id();
        } else if (target instanceof ClContext) {
            h = new cl_context();
        } else if (target instanceof ClQueue) {
            h = new cl_command_queue();
        } else if (target instanceof ClMem) {
            h = new cl_mem();
        } else if (target instanceof ClProgram) {
            h = new cl_program();
        } else if (target instanceof ClKernel) {
            h = new cl_kernel();
        } else if (target instanceof ClSampler) {
            h = new cl_sampler();
        } else {
            h = new cl_event();
        }
        return bind(h, (ClObject) target);
    }

    private static <T> T resolve(NativePointerObject handle, Class<T> type, int invalid) {
        Object target = handle == null ? null : handle.target();
        if (!type.isInstance(target) || (target instanceof Counted c && c.isReleased())) {
            throw new ClError(invalid);
        }
        return type.cast(target);
    }

    static ClPlatform platform(cl_platform_id h) {
        return resolve(h, ClPlatform.class, CL.CL_INVALID_PLATFORM);
    }

    static ClDevice device(cl_device_id h) {
        return resolve(h, ClDevice.class, CL.CL_INVALID_DEVICE);
    }

    static ClContext context(cl_context h) {
        return resolve(h, ClContext.class, CL.CL_INVALID_CONTEXT);
    }

    static ClQueue queue(cl_command_queue h) {
        return resolve(h, ClQueue.class, CL.CL_INVALID_COMMAND_QUEUE);
    }

    static ClMem mem(cl_mem h) {
        return resolve(h, ClMem.class, CL.CL_INVALID_MEM_OBJECT);
    }

    static ClProgram program(cl_program h) {
        return resolve(h, ClProgram.class, CL.CL_INVALID_PROGRAM);
    }

    static ClKernel kernel(cl_kernel h) {
        return resolve(h, ClKernel.class, CL.CL_INVALID_KERNEL);
    }

    static ClSampler sampler(cl_sampler h) {
        return resolve(h, ClSampler.class, CL.CL_INVALID_SAMPLER);
    }

    static ClEvent event(cl_event h) {
        return resolve(h, ClEvent.class, CL.CL_INVALID_EVENT);
    }

    /** The devices of {@code devices[0..count)}; {@code CL_INVALID_VALUE} when the list is missing or short. */
    static List<ClDevice> devices(int count, cl_device_id[] devices) {
        ClError.require(devices != null && count > 0 && devices.length >= count, CL.CL_INVALID_VALUE,
                "no devices given");
        List<ClDevice> list = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            list.add(device(devices[i]));
        }
        return list;
    }

    /**
     * The events of an enqueue's wait list, checked as the specification lists: present exactly when
     * {@code count > 0}, valid events, of {@code context}.
     */
    static List<ClEvent> waitList(int count, cl_event[] list, ClContext context) {
        boolean consistent = count == 0 ? list == null : list != null && count > 0 && list.length >= count;
        ClError.require(consistent, CL.CL_INVALID_EVENT_WAIT_LIST, "wait list and its count disagree");
        List<ClEvent> events = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Object target = list[i] == null ? null : list[i].target();
            ClError.require(target instanceof ClEvent e && !e.isReleased(), CL.CL_INVALID_EVENT_WAIT_LIST,
                    "not a valid event in the wait list");
            ClEvent e = (ClEvent) target;
            ClError.require(e.context() == context, CL.CL_INVALID_CONTEXT, "event of another context");
            events.add(e);
        }
        return events;
    }

    /** Gives the caller the event (bound to {@code out}) or, when it did not ask, lets it go. */
    static void hand(ClEvent event, cl_event out) {
        if (out != null) {
            bind(out, event);
        } else {
            event.release();
        }
    }
}
