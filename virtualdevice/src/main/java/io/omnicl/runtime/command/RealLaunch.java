package io.omnicl.runtime.command;

import io.omnicl.runtime.Kernel;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealMem;
import io.omnicl.spi.RealSampler;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * A kernel launch on a real device: the real kernel's arguments set where they changed since its last launch there,
 * then the launch.
 */
final class RealLaunch {

    /** What {@link Kernel#argsSetOn} records for a null memory argument. */
    private static final Object NO_MEMORY = new Object();
    /** Each thread's buffer for argument values (a worker's, or a program thread's running a launch itself). */
    private static final ThreadLocal<ByteBuffer> SCRATCH =
            ThreadLocal.withInitial(() -> ByteBuffer.allocateDirect(256));

    private RealLaunch() {
    }

    /**
     * Sets the real kernel's arguments where they changed, and launches it over {@code launchGlobal}; as the
     * kernel's geometry variant when {@code variantArgument} is not null, that being the added argument's value.
     */
    static RealEvent launch(Kernel kernel, Kernel.Arg[] args, DeviceWorker w, boolean withEvent, int workDim,
                            long[] launchOffset, long[] launchGlobal, long[] local, byte[] variantArgument,
                            List<RealEvent> waitFor) {
        boolean variant = variantArgument != null;
        RealKernel real = variant ? kernel.variantKernel(w.node()) : kernel.realKernel(w.node());
        Object[] set = variant ? kernel.variantArgsSetOn(w.node()) : kernel.argsSetOn(w.node());
        for (int i = 0; i < args.length; i++) {
            Kernel.Arg a = args[i];
            Object value;
            if (a instanceof Kernel.MemArg b) {
                RealMem m = b.memory() == null ? null : b.memory().realOn(w.node());
                value = m == null ? NO_MEMORY : m;
                if (value != set[i]) {
                    real.setArg(i, m);
                }
            } else if (a instanceof Kernel.SamplerArg sa) {
                RealSampler sampler = sa.sampler().realOn(w.node());
                value = sampler;
                if (value != set[i]) {
                    real.setArg(i, sampler);
                }
            } else if (a instanceof Kernel.LocalArg l) {
                value = l.size();
                if (!value.equals(set[i])) {
                    real.setLocalArg(i, l.size());
                }
            } else {
                byte[] bytes = ((Kernel.ValueArg) a).bytes();
                value = bytes;
                if (!(set[i] instanceof byte[] was && Arrays.equals(was, bytes))) {
                    real.setArg(i, scratch(bytes));
                }
            }
            set[i] = value;
        }
        if (variant && !(set[args.length] instanceof byte[] was && Arrays.equals(was, variantArgument))) {
            real.setArg(args.length, scratch(variantArgument));
            set[args.length] = variantArgument;
        }
        w.countKernel();
        return w.queue().launch(real, workDim, launchOffset, launchGlobal, local, waitFor, withEvent);
    }

    /** {@code bytes} in this thread's reused direct buffer: only for values the driver copies at once. */
    private static ByteBuffer scratch(byte[] bytes) {
        ByteBuffer b = SCRATCH.get();
        if (b.capacity() < bytes.length) {
            b = ByteBuffer.allocateDirect(Math.max(bytes.length, 2 * b.capacity()));
            SCRATCH.set(b);
        }
        return b.clear().put(bytes).flip();
    }
}
