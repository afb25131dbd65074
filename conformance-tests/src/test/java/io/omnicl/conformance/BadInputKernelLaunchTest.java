package io.omnicl.conformance;

import static org.jocl.CL.*;

import java.util.List;

import org.jocl.cl_kernel;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;

/**
 * Bad input (see {@link BadInputTestBase}) to kernel launches: clEnqueueNDRangeKernel and clEnqueueTask.
 */
@SuppressWarnings("deprecation") // OpenCL 1.2 entry points that JOCL marks deprecated for 2.0
class BadInputKernelLaunchTest extends BadInputTestBase {

    private static final String POCL_NULL_QUEUE =
            "PoCL reads the context of the null command queue before it checks the queue: SIGSEGV";

    /** SOURCE built in the other context, for the rows of a kernel of another context. */
    private cl_program otherProgram;

    @BeforeAll
    void buildOtherProgram() {
        // program() releases what it builds after the class when called here
        otherProgram = program(other, device, SOURCE, null);
    }

    @Override
    protected void addRows(Table t) {
        kernelLaunches(t);
    }

    private int ndRange(cl_kernel k, int dim, long[] offset, long[] global, long[] local) {
        return clEnqueueNDRangeKernel(queue, k, dim, offset, global, local, 0, null, null);
    }

    /**
     * PoCL 3.1 checks neither the queue nor the wait list of a kernel launch: a null queue and a count without a
     * list crash it, a list with count 0 and an event of another context are accepted (the kernel runs).
     */
    private static void poclKernelWaitList(List<BadInputRow> rows) {
        String unchecked = "PoCL does not check a kernel launch's wait list: the kernel runs";
        for (BadInputRow r : rows) {
            if (r.kind.equals("null command_queue")) {
                r.skipOnReference(POCL_NULL_QUEUE);
            } else if (r.kind.equals("wait list: count > 0, list null")) {
                r.skipOnReference("PoCL does not check a kernel launch's wait list and reads the null list: SIGSEGV");
            } else if (r.kind.equals("wait list: list given, count 0")
                    || r.kind.equals("wait list: event of another context")) {
                r.reference(unchecked, CL_SUCCESS);
            }
        }
    }

    private void kernelLaunches(Table t) {
        String nd = "clEnqueueNDRangeKernel";
        long[] global = {N};
        poclKernelWaitList(enqueueRows(t, nd, () -> {
            cl_kernel k = fillKernel();
            return (q, n, list) -> clEnqueueNDRangeKernel(q, k, 1, null, global, null, n, list, null);
        }));
        String poclNullKernel = "PoCL sizes arrays by the null kernel's argument count before it checks it: SIGSEGV";
        t.call(nd, "null kernel", () -> ndRange(null, 1, null, global, null), CL_INVALID_KERNEL)
                .skipOnReference(poclNullKernel);
        t.add(nd, "released kernel", () -> {
            cl_kernel k = releasedKernel();
            return () -> ndRange(k, 1, null, global, null);
        }, CL_INVALID_KERNEL).skipOnReference(RELEASED);
        t.add(nd, "kernel of another context", () -> {
            cl_kernel k = kernelOf(otherProgram, "fill");
            argMem(k, 0, foreignBuffer());
            argInt(k, 1, 77);
            return () -> ndRange(k, 1, null, global, null);
        }, CL_INVALID_CONTEXT);
        t.add(nd, "arguments not set", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> ndRange(k, 1, null, global, null);
        }, CL_INVALID_KERNEL_ARGS);
        t.add(nd, "one argument not set", () -> {
            cl_kernel k = kernelOf(program, "fill");
            argMem(k, 0, guarded());
            return () -> ndRange(k, 1, null, global, null);
        }, CL_INVALID_KERNEL_ARGS);
        t.add(nd, "work_dim 0", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 0, null, global, null);
        }, CL_INVALID_WORK_DIMENSION);
        t.add(nd, "work_dim 4", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 4, null, new long[] {N, 1, 1, 1}, null);
        }, CL_INVALID_WORK_DIMENSION);
        String poclGlobal = "PoCL 3.1 follows OpenCL 2.1+: an empty NDRange (a global size 0 or none) does nothing";
        t.add(nd, "a global size of 0", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 1, null, new long[] {0}, null);
        }, CL_INVALID_GLOBAL_WORK_SIZE).reference(poclGlobal, CL_SUCCESS);
        t.add(nd, "global_work_size null", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 1, null, null, null);
        }, CL_INVALID_GLOBAL_WORK_SIZE).reference(poclGlobal, CL_SUCCESS);
        t.add(nd, "global size not a multiple of the local size", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 1, null, global, new long[] {3});
        }, CL_INVALID_WORK_GROUP_SIZE);
        t.add(nd, "a local size of 0", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 1, null, global, new long[] {0});
        }, CL_INVALID_WORK_GROUP_SIZE).skipOnReference("PoCL divides the global size by the local size: SIGFPE");
        t.add(nd, "local size above CL_DEVICE_MAX_WORK_GROUP_SIZE", () -> {
            cl_kernel k = fillKernel();
            long max = Info.sizeT(deviceQ(device), CL_DEVICE_MAX_WORK_GROUP_SIZE);
            return () -> ndRange(k, 1, null, new long[] {2 * max}, new long[] {2 * max});
        }, CL_INVALID_WORK_GROUP_SIZE, CL_INVALID_WORK_ITEM_SIZE);
        t.add(nd, "local size above CL_DEVICE_MAX_WORK_ITEM_SIZES[2]", () -> {
            cl_kernel k = fillKernel();
            long[] items = Info.sizeTArray(deviceQ(device), CL_DEVICE_MAX_WORK_ITEM_SIZES);
            long z = items[2] + 1;
            return () -> ndRange(k, 3, null, new long[] {1, 1, z}, new long[] {1, 1, z});
        }, CL_INVALID_WORK_ITEM_SIZE, CL_INVALID_WORK_GROUP_SIZE);
        t.add(nd, "local size other than reqd_work_group_size", () -> {
            cl_kernel k = kernelOf(program, "pairs");
            argMem(k, 0, guarded());
            return () -> ndRange(k, 1, null, global, new long[] {4});
        }, CL_INVALID_WORK_GROUP_SIZE);
        t.add(nd, "no local size for a reqd_work_group_size kernel", () -> {
            cl_kernel k = kernelOf(program, "pairs");
            argMem(k, 0, guarded());
            return () -> ndRange(k, 1, null, global, null);
        }, CL_INVALID_WORK_GROUP_SIZE);
        t.add(nd, "global offset + global size above size_t", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 1, new long[] {-16}, global, null);
        }, CL_INVALID_GLOBAL_OFFSET).skipOnReference(
                "PoCL does not check the offset and would run work-items that write far outside the buffer");

        String tk = "clEnqueueTask";
        poclKernelWaitList(enqueueRows(t, tk, () -> {
            cl_kernel k = fillKernel();
            return (q, n, list) -> clEnqueueTask(q, k, n, list, null);
        }));
        t.call(tk, "null kernel", () -> clEnqueueTask(queue, null, 0, null, null), CL_INVALID_KERNEL)
                .skipOnReference(poclNullKernel);
        t.add(tk, "released kernel", () -> {
            cl_kernel k = releasedKernel();
            return () -> clEnqueueTask(queue, k, 0, null, null);
        }, CL_INVALID_KERNEL).skipOnReference(RELEASED);
        t.add(tk, "kernel of another context", () -> {
            cl_kernel k = kernelOf(otherProgram, "fill");
            argMem(k, 0, foreignBuffer());
            argInt(k, 1, 77);
            return () -> clEnqueueTask(queue, k, 0, null, null);
        }, CL_INVALID_CONTEXT);
        t.add(tk, "arguments not set", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clEnqueueTask(queue, k, 0, null, null);
        }, CL_INVALID_KERNEL_ARGS);
        t.add(tk, "reqd_work_group_size other than (1, 1, 1)", () -> {
            cl_kernel k = kernelOf(program, "pairs");
            argMem(k, 0, guarded());
            return () -> clEnqueueTask(queue, k, 0, null, null);
        }, CL_INVALID_WORK_GROUP_SIZE);
    }

    /** The fill kernel with both arguments set, writing to a checked buffer. */
    private cl_kernel fillKernel() {
        cl_kernel k = kernel(program, "fill");
        argMem(k, 0, guarded());
        argInt(k, 1, 77);
        return k;
    }
}
