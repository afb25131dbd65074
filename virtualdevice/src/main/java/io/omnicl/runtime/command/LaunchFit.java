package io.omnicl.runtime.command;

import io.omnicl.driver.ClError;
import io.omnicl.runtime.Device;
import io.omnicl.runtime.Kernel;
import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.KernelWorkGroupInfo;

import java.util.List;

import static io.omnicl.driver.OpenClConstants.*;

/** Which real devices can run a kernel launch, or the error the launch gets where none can. */
final class LaunchFit {

    private LaunchFit() {
    }

    /**
     * The real devices of {@code queue}'s device that can run a launch of {@code kernel} with {@code args} (using
     * {@code accesses}) and work-group size {@code local}: the kernel built there, the work-group fits, the local
     * memory fits, the buffers it uses fit in the device's memory together, its images' formats are supported.
     */
    static long placeable(Queue queue, Kernel kernel, Kernel.Arg[] args, List<Access> accesses, int workDim,
                          long[] local) {
        Device device = queue.deviceImpl();
        long mask = device.nodeMask() & kernel.nodeMask();
        if (mask != 0 && queue.runtime().devices().usable(mask) == 0) {
            // every device that has the kernel is lost: those opening behind the program may take it
            kernel.awaitDevicesBehind();
            mask = device.nodeMask() & kernel.nodeMask();
        }
        ClError.require(mask != 0, CL_INVALID_PROGRAM_EXECUTABLE, "the program is not built for this device");
        long fitting = 0;
        int failure = CL_INVALID_WORK_GROUP_SIZE;
        for (DeviceNode n : device.nodes()) {
            if ((mask & n.bit()) == 0) {
                continue;
            }
            int why = unfit(queue, n, kernel, args, accesses, workDim, local);
            if (why == 0) {
                fitting |= n.bit();
            } else {
                failure = why;
            }
        }
        ClError.require(fitting != 0, failure, "no device of this queue can run the launch");
        return fitting;
    }

    /** 0 when {@code n} can run the launch, else the error it would give. */
    private static int unfit(Queue queue, DeviceNode n, Kernel kernel, Kernel.Arg[] args, List<Access> accesses,
                             int workDim, long[] local) {
        KernelWorkGroupInfo wg = kernel.workGroup(n);
        long[] required = wg.compileWorkGroupSize();
        if (required[0] != 0) {
            for (int i = 0; i < workDim; i++) {
                if (local == null || local[i] != required[i]) {
                    return CL_INVALID_WORK_GROUP_SIZE;
                }
            }
        }
        if (local != null) {
            long product = 1;
            long[] maxItems = n.info().getArray(DeviceParam.MAX_WORK_ITEM_SIZES);
            for (int i = 0; i < workDim; i++) {
                product *= local[i];
                if (i < maxItems.length && local[i] > maxItems[i]) {
                    return CL_INVALID_WORK_ITEM_SIZE;
                }
            }
            if (product > wg.workGroupSize()) {
                return CL_INVALID_WORK_GROUP_SIZE;
            }
        }
        long localBytes = wg.localMemSize();
        for (Kernel.Arg a : args) {
            if (a instanceof Kernel.LocalArg l) {
                localBytes += l.size();
            }
        }
        if (localBytes > n.info().getLong(DeviceParam.LOCAL_MEM_SIZE, Long.MAX_VALUE)) {
            return CL_OUT_OF_RESOURCES;
        }
        if (!n.memory().fits(accesses)) {
            return CL_MEM_OBJECT_ALLOCATION_FAILURE;
        }
        for (Kernel.Arg a : args) {
            if (a instanceof Kernel.MemArg m && m.memory() != null && m.memory().image() != null
                    && !supports(queue, n, m.memory())) {
                return CL_IMAGE_FORMAT_NOT_SUPPORTED;
            }
        }
        return 0;
    }

    /** Whether {@code n} has images and the format of {@code image}. */
    private static boolean supports(Queue queue, DeviceNode n, MemObject image) {
        if (!n.info().getBool(DeviceParam.IMAGE_SUPPORT)) {
            return false;
        }
        int order = image.image().channelOrder();
        int type = image.image().channelType();
        long access = image.flags() & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY);
        return queue.runtime().imageFormats(n, access, image.image().type()).stream()
                .anyMatch(f -> f[0] == order && f[1] == type);
    }
}
