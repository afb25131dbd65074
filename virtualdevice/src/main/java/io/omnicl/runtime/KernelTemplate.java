package io.omnicl.runtime;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.omnicl.driver.ClError;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.access.Geometry;
import io.omnicl.runtime.access.KernelAccesses;
import io.omnicl.runtime.access.PartVerdict;
import io.omnicl.runtime.sched.PerfKey;
import io.omnicl.runtime.sched.PerfModel;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.KernelArgInfo;
import io.omnicl.spi.KernelWorkGroupInfo;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the kernels of one name in one built program share: what the devices say of it (argument info,
 * work-group facts per device), a spare real kernel on which by-value arguments are tried, the performance
 * keys of its launch shapes, and the real kernels of released kernels, handed to the next kernel of the name.
 * Programs that create a kernel per task each frame would otherwise pay a driver's kernel creation and its
 * queries each time, several times what plain JOCL's {@code clCreateKernel} costs (docs/benchmarks.md).
 * Also what the source says of the bytes the kernel uses, what recent launches' parts read and write, and the
 * kernel's geometry variant once a cut needs it. Dropped, with its real kernels, when the program is built again
 * or released.
 */
final class KernelTemplate {

    /** Parts whose accesses are remembered, per kernel of a program. */
    private static final int PARTS_KEPT = 256;

    private record LastShape(long[] shape, int workDim, PerfKey key) {
    }

    /** A real kernel and what each of its arguments was last set to (see {@link Kernel#argsSetOn}). */
    record Real(RealKernel kernel, Object[] set) {
    }

    private final Program program;
    private final String name;
    private final KernelArgInfo[] argInfo;
    private final KernelWorkGroupInfo[] workGroups;
    /** By node index: real kernels no kernel uses now; null where the program has no such kernel. */
    private final ArrayDeque<Real>[] idle;
    /** By node index: real kernels of the geometry variant no kernel uses now. */
    private final ArrayDeque<Real>[] idleVariants;
    /** Bits of the nodes where {@link #idle} is not null; written under {@code this}. */
    private volatile long nodes;
    private final RealKernel validator;
    /** By argument index: the size of a by-value argument the device took, else 0. */
    private final long[] acceptedSizes;
    private final Map<List<Long>, PerfKey> perfKeys = new ConcurrentHashMap<>();
    /** The shape last looked up and its key: launches of a kernel mostly repeat one shape. */
    private volatile LastShape lastShape;
    private boolean released;
    /** What the kernel's source says of the bytes its work-items use, as started when the program was built. */
    private final CompletableFuture<KernelAccesses> analysis;
    /** What parts of recent launches read and write: a program repeats its launches, and their cuts with them. */
    private final Cache<PartKey, PartVerdict> parts = Caffeine.newBuilder().maximumSize(PARTS_KEPT).build();
    /** The kernel's geometry variant, made when a cut first needs it; guarded by {@code this}. */
    private VariantBuild variant;

    @SuppressWarnings("unchecked")
    KernelTemplate(Program program, String name) {
        this.program = program;
        this.name = name;
        int count = program.contextImpl().runtime().devices().nodeCount();
        this.workGroups = new KernelWorkGroupInfo[count];
        this.idle = new ArrayDeque[count];
        this.idleVariants = new ArrayDeque[count];
        DeviceNode first = null;
        for (DeviceNode n : program.builtNodes()) {
            if (program.mayMake(n, name)) {
                RealKernel k = program.realProgram(n).createKernel(name);
                keep(n, k, k.workGroupInfo());
                first = first == null ? n : first;
            }
        }
        if (first == null) {
            throw new ClError(OpenClConstants.CL_INVALID_KERNEL_NAME, "no kernel " + name);
        }
        RealKernel sample = idle[first.index()].peek().kernel();
        this.validator = program.realProgram(first).createKernel(name);
        this.argInfo = new KernelArgInfo[sample.argCount()];
        for (int i = 0; i < argInfo.length; i++) {
            argInfo[i] = describe(i);
        }
        this.acceptedSizes = new long[argInfo.length];
        this.analysis = program.analysis(name);
    }

    /** What a device says of argument {@code index}, or null when none says (a program from a binary). */
    private KernelArgInfo describe(int index) {
        for (ArrayDeque<Real> reals : idle) {
            if (reals != null) {
                try {
                    return reals.peek().kernel().argInfo(index);
                } catch (BackendException e) {
                    // this device kept no argument info; another may have
                }
            }
        }
        return null;
    }

    int argCount() {
        return argInfo.length;
    }

    /** What the devices say of argument {@code index}, or null when none kept argument info. */
    KernelArgInfo argInfo(int index) {
        return argInfo[index];
    }

    /** The work-group facts on {@code node}, or null when the kernel is not there. */
    KernelWorkGroupInfo workGroup(DeviceNode node) {
        return workGroups[node.index()];
    }

    /** Bits of the nodes that have this kernel, those that joined after the template was made among them. */
    long nodes() {
        return nodes;
    }

    /**
     * {@code node} has built the program behind the program ({@link Program#build}): it gets this kernel, so that
     * kernels made before may run there too ({@link #takeOn}). Nothing where the build failed, the kernel cannot be
     * made there, or it has the kernel.
     */
    synchronized void join(DeviceNode node) {
        int i = node.index();
        RealProgram built = program.realProgram(node);
        if (released || idle[i] != null || built == null || !program.mayMake(node, name)) {
            return;
        }
        // where the device cannot make it, the kernel runs on the others, as where its build failed
        RealKernel k;
        try {
            k = built.createKernel(name);
        } catch (BackendException e) {
            return;
        }
        try {
            keep(node, k, k.workGroupInfo());
        } catch (BackendException e) {
            k.release();
        }
    }

    /** {@code node} has this kernel from now on, {@code k} its first real kernel there, idle. */
    private void keep(DeviceNode node, RealKernel k, KernelWorkGroupInfo workGroup) {
        int i = node.index();
        workGroups[i] = workGroup;
        idleVariants[i] = new ArrayDeque<>();
        idle[i] = new ArrayDeque<>();
        idle[i].add(new Real(k, new Object[k.argCount()]));
        nodes |= node.bit();
    }

    /**
     * A real kernel on node {@code index}, which has this kernel: a released one first, with what its arguments were
     * last set to.
     */
    synchronized Real takeOn(int index) {
        Real r = idle[index].poll();
        if (r == null) {
            DeviceNode n = program.contextImpl().runtime().devices().node(index);
            r = new Real(program.realProgram(n).createKernel(name), new Object[argInfo.length]);
        }
        return r;
    }

    /** The spare real kernel; use it only while holding its lock. */
    RealKernel validator() {
        return validator;
    }

    /**
     * A real kernel on each node that has this kernel (null elsewhere), for a new kernel: released ones first,
     * each with what its arguments were last set to.
     */
    synchronized Real[] take() {
        Real[] reals = new Real[idle.length];
        for (int i = 0; i < idle.length; i++) {
            if (idle[i] != null) {
                reals[i] = takeOn(i);
            }
        }
        return reals;
    }

    /**
     * A real kernel of the geometry variant on {@code node}, where it is built, for a kernel's pieces there: a
     * released kernel's first, with what its arguments were last set to (the added one last).
     */
    synchronized Real takeVariant(DeviceNode node) {
        Real r = idleVariants[node.index()].poll();
        return r != null ? r : new Real(variant().createKernel(node), new Object[argInfo.length + 1]);
    }

    /**
     * The real kernels of a released kernel, and of its geometry variant ({@code variants}, null where it made
     * none), for the next one; released at once once the template is.
     */
    synchronized void giveBack(Real[] reals, Real[] variants) {
        giveBack(reals, idle);
        giveBack(variants, idleVariants);
    }

    private void giveBack(Real[] reals, ArrayDeque<Real>[] into) {
        for (int i = 0; i < reals.length; i++) {
            if (reals[i] == null) {
                continue;
            }
            if (released) {
                reals[i].kernel().release();
            } else {
                into[i].add(reals[i]);
            }
        }
    }

    /**
     * Sets the by-value argument on the spare kernel, so that a wrong size gets the device's own error; a size
     * the device took once for this argument is not tried again.
     */
    void tryValue(int index, byte[] value) {
        synchronized (validator) {
            if (acceptedSizes[index] == value.length) {
                return;
            }
            try {
                validator.setArg(index, ByteBuffer.allocateDirect(value.length).put(value).flip());
            } catch (BackendException e) {
                throw new ClError(e.status(), e.getMessage());
            }
            acceptedSizes[index] = value.length;
        }
    }

    /** What the kernel's source says of the bytes its work-items read and write (none known without source). */
    KernelAccesses accesses() {
        try {
            return analysis != null ? analysis.join() : analyse();
        } catch (CompletionException e) {
            // what went wrong on the host thread is met again here, on the thread that can report it
            return analyse();
        }
    }

    private KernelAccesses analyse() {
        String source = program.source();
        return KernelAccesses.analyse(source == null ? "" : source, program.buildOptions(), name);
    }

    /** The kernel's geometry variant, whose build starts at the first call. */
    synchronized VariantBuild variant() {
        if (variant == null) {
            variant = new VariantBuild(program, name);
        }
        return variant;
    }

    /** {@link KernelAccesses#part}, remembered for the parts of recent launches. */
    PartVerdict part(Geometry g, byte[][] values, long[] bufferBytes, int dim, long from, long to) {
        PartKey key = new PartKey(g, values, bufferBytes, dim, from, to);
        return parts.get(key, k -> accesses().part(g, values, bufferBytes, dim, from, to));
    }

    /** What a part's accesses depend on, compared by content. */
    private record PartKey(Geometry g, byte[][] values, long[] bufferBytes, int dim, long from, long to) {
        @Override
        public boolean equals(Object o) {
            return o instanceof PartKey k && k.dim == dim && k.from == from && k.to == to && k.g.workDim() == g.workDim()
                && Arrays.equals(k.g.offset(), g.offset()) && Arrays.equals(k.g.global(), g.global())
                && Arrays.equals(k.g.local(), g.local()) && Arrays.deepEquals(k.values, values)
                && Arrays.equals(k.bufferBytes, bufferBytes);
        }

        @Override
        public int hashCode() {
            return Objects.hash(dim, from, to, Arrays.hashCode(g.global()), Arrays.hashCode(g.offset()),
                Arrays.deepHashCode(values), Arrays.hashCode(bufferBytes));
        }
    }

    /**
     * The performance key of a launch, made once per shape ({@code shape}: the global sizes, then the local
     * size and argument sizes); a launch only looks it up.
     */
    PerfKey perfKey(long[] shape, int workDim) {
        LastShape l = lastShape;
        if (l != null && l.workDim == workDim && Arrays.equals(l.shape, shape)) {
            return l.key;
        }
        List<Long> boxed = new ArrayList<>(shape.length);
        for (long v : shape) {
            boxed.add(v);
        }
        PerfKey key = perfKeys.computeIfAbsent(boxed, s -> {
            long items = 1;
            StringBuilder rest = new StringBuilder("g=");
            for (int i = 0; i < s.size(); i++) {
                if (i < workDim) {
                    items *= s.get(i);
                }
                rest.append(i == 0 ? "" : i == workDim ? ";" : ",").append(s.get(i));
            }
            return new PerfKey(program.contentHash() + ":" + name, PerfModel.shape(items, rest.toString()), items);
        });
        lastShape = new LastShape(shape, workDim, key);
        return key;
    }

    /** Releases the real kernels no kernel uses, and those given back from now on. */
    synchronized void release() {
        released = true;
        for (ArrayDeque<Real>[] pool : List.of(idle, idleVariants)) {
            for (ArrayDeque<Real> reals : pool) {
                if (reals != null) {
                    reals.forEach(r -> r.kernel().release());
                    reals.clear();
                }
            }
        }
        synchronized (validator) {
            validator.release();
        }
        if (variant != null) {
            variant.release();
        }
    }
}
