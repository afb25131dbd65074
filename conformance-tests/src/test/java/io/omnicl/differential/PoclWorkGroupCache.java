package io.omnicl.differential;

import static io.omnicl.differential.ClChecks.check;
import static io.omnicl.differential.ClChecks.err;
import static org.jocl.CL.CL_MEM_READ_WRITE;
import static org.jocl.CL.clCreateBuffer;
import static org.jocl.CL.clEnqueueNDRangeKernel;
import static org.jocl.CL.clFinish;
import static org.jocl.CL.clReleaseCommandQueue;
import static org.jocl.CL.clReleaseMemObject;
import static org.jocl.CL.clSetKernelArg;

import java.util.List;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;

/**
 * Works around a PoCL 3.1 bug that aborts the JVM when one kernel runs on several PoCL CPU devices at once.
 *
 * <p>PoCL's CPU drivers keep loaded work-group functions in a process-wide cache whose entries are keyed by
 * kernel hash (the same for every program built from the same source), local size, whether the global offset
 * is zero, and the widest grid the entry serves; a launch takes a reference on the first entry that fits, or
 * adds an entry. The release at the end of the launch looks for the first entry with the kernel's hash and
 * local size only ({@code pocl_release_dlhandle_cache} in {@code lib/CL/devices/common.c}). When two launches
 * of one kernel with one local size hold different entries at the same time, one release can drop the other
 * entry's reference, and the next fails {@code assert(found->ref_count > 0)}: the process aborts. Two host
 * threads launching one kernel with local size 1 and global offsets 0 and 1 on two PoCL "basic" devices
 * reproduce it with the real JOCL, without OmniCL; the virtual device does the same thing by design.
 *
 * <p>So each (kernel, local size) gets its only entry before any program runs: one launch on every pinned
 * device with the widest grid a program can use and the kind of global offset the kernel always has; every
 * later launch fits that entry (see {@link KernelKind}).
 */
final class PoclWorkGroupCache {

    private PoclWorkGroupCache() {
    }

    /** Launches every kernel with every local size at the widest grid on each of {@code devices}. */
    static void fill(cl_platform_id platform, List<cl_device_id> devices) {
        for (cl_device_id device : devices) {
            try (ClSession session = new ClSession(platform, device)) {
                fill(session);
            }
        }
    }

    private static void fill(ClSession session) {
        int[] e = err();
        // room for the widest grid after a global offset of 1; one buffer serves every argument
        cl_mem scratch = clCreateBuffer(session.context, CL_MEM_READ_WRITE,
                (long) (KernelKind.MAX_GLOBAL_SIZE + 1) * KernelKind.ELEMENT, null, e);
        check(e[0], "clCreateBuffer");
        cl_command_queue queue = session.newQueue(false);
        try {
            for (KernelKind kind : KernelKind.values()) {
                for (int localSize : KernelKind.LOCAL_SIZES) {
                    launchWidest(session, queue, kind, localSize, scratch);
                }
            }
        } finally {
            check(clReleaseCommandQueue(queue), "clReleaseCommandQueue");
            check(clReleaseMemObject(scratch), "clReleaseMemObject");
        }
    }

    private static void launchWidest(ClSession session, cl_command_queue queue, KernelKind kind, int localSize,
                                     cl_mem scratch) {
        cl_kernel k = session.kernel(kind);
        int index = 0;
        for (int i = 0; i < kind.roles.size(); i++) {
            check(clSetKernelArg(k, index++, Sizeof.cl_mem, Pointer.to(scratch)), "clSetKernelArg");
        }
        if (kind.usesLocalScratch) {
            check(clSetKernelArg(k, index++, (long) localSize * KernelKind.ELEMENT, null), "clSetKernelArg");
        }
        if (kind.usesScalar) {
            check(clSetKernelArg(k, index, Sizeof.cl_uint, Pointer.to(new int[] {1})), "clSetKernelArg");
        }
        long[] offset = {kind.offsetsGlobalIds ? 1 : 0};
        check(clEnqueueNDRangeKernel(queue, k, 1, offset, new long[] {KernelKind.MAX_GLOBAL_SIZE},
                new long[] {localSize}, 0, null, null), "warming " + kind.functionName + " local " + localSize);
        check(clFinish(queue), "clFinish");
    }
}
