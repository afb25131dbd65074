package io.omnicl.spi.fake;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.KernelArgInfo;
import io.omnicl.spi.KernelWorkGroupInfo;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealMem;
import io.omnicl.spi.RealSampler;
import io.omnicl.spi.suite.ClCodes;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A kernel of a fake program: its signature's arguments, checked as a driver checks them when set, and its Java
 * body. A launch takes the arguments as they are when it is enqueued.
 */
final class FakeKernel extends FakeObject implements RealKernel {

    /** An argument set to a null buffer. */
    private static final Object NULL_BUFFER = new Object();

    private final KernelSource.Signature signature;
    private final KernelBody body;
    /** By argument: a {@link FakeBuffer}, {@link #NULL_BUFFER}, a value's bytes or a {@code __local} size, or null. */
    private final Object[] args;

    FakeKernel(FakeSession session, KernelSource.Signature signature, KernelBody body) {
        super(session, ClCodes.CL_INVALID_KERNEL, true);
        this.signature = signature;
        this.body = body;
        this.args = new Object[signature.args().size()];
    }

    @Override
    public String name() {
        return signature.name();
    }

    @Override
    public int argCount() {
        return args.length;
    }

    @Override
    public String attributes() {
        return signature.attributes();
    }

    @Override
    public KernelArgInfo argInfo(int index) {
        return param(index);
    }

    @Override
    public KernelWorkGroupInfo workGroupInfo() {
        requireLive();
        FakeDevice device = session().fakeDevice();
        long multiple = device.spec().type() == ClCodes.CL_DEVICE_TYPE_GPU ? 32 : 8;
        return new KernelWorkGroupInfo(device.maxWorkGroupSize(), signature.requiredWorkGroupSize().clone(), 0,
                multiple, 0);
    }

    private KernelArgInfo param(int index) {
        requireLive();
        if (index < 0 || index >= args.length) {
            throw new BackendException(ClCodes.CL_INVALID_ARG_INDEX, "kernel " + name() + " has " + args.length
                    + " arguments");
        }
        return signature.args().get(index);
    }

    private static boolean isMemory(KernelArgInfo p) {
        return p.addressQualifier() == ClCodes.CL_KERNEL_ARG_ADDRESS_GLOBAL
                || p.addressQualifier() == ClCodes.CL_KERNEL_ARG_ADDRESS_CONSTANT;
    }

    private synchronized void set(int index, Object value) {
        args[index] = value;
    }

    @Override
    public void setArg(int index, RealMem memory) {
        KernelArgInfo p = param(index);
        if (isMemory(p)) {
            if (p.typeName().startsWith("image")) {
                throw new BackendException(ClCodes.CL_INVALID_MEM_OBJECT, "fake devices have no images");
            }
            set(index, memory == null ? NULL_BUFFER
                    : FakeObject.own(memory, FakeBuffer.class, session(), ClCodes.CL_INVALID_MEM_OBJECT));
            return;
        }
        long size = signature.valueSizes()[index];
        if (p.addressQualifier() == ClCodes.CL_KERNEL_ARG_ADDRESS_PRIVATE && size != 0 && size != Long.BYTES) {
            throw new BackendException(ClCodes.CL_INVALID_ARG_SIZE, "argument " + index + " is a " + p.typeName());
        }
        throw new BackendException(ClCodes.CL_INVALID_ARG_VALUE, "argument " + index + " is not memory");
    }

    @Override
    public void setArg(int index, RealSampler sampler) {
        param(index);
        throw new BackendException(ClCodes.CL_INVALID_SAMPLER, "fake devices have no samplers");
    }

    @Override
    public void setArg(int index, ByteBuffer value) {
        KernelArgInfo p = param(index);
        byte[] bytes = new byte[value.remaining()];
        value.duplicate().get(bytes);
        if (isMemory(p)) {
            // the bytes of a cl_mem: only a null one can be told from them
            if (bytes.length != Long.BYTES) {
                throw new BackendException(ClCodes.CL_INVALID_ARG_SIZE, "argument " + index + " is memory");
            }
            for (byte b : bytes) {
                if (b != 0) {
                    throw new BackendException(ClCodes.CL_INVALID_MEM_OBJECT, "argument " + index + " is memory");
                }
            }
            set(index, NULL_BUFFER);
            return;
        }
        if (p.addressQualifier() == ClCodes.CL_KERNEL_ARG_ADDRESS_LOCAL) {
            throw new BackendException(ClCodes.CL_INVALID_ARG_VALUE, "a __local argument takes a size, no value");
        }
        if (p.typeName().equals("sampler_t")) {
            throw new BackendException(ClCodes.CL_INVALID_SAMPLER, "fake devices have no samplers");
        }
        long size = signature.valueSizes()[index];
        if (bytes.length == 0 || size != 0 && bytes.length != size) {
            throw new BackendException(ClCodes.CL_INVALID_ARG_SIZE, "argument " + index + " is a " + p.typeName()
                    + ", not " + bytes.length + " bytes");
        }
        set(index, bytes);
    }

    @Override
    public void setLocalArg(int index, long size) {
        KernelArgInfo p = param(index);
        if (p.addressQualifier() != ClCodes.CL_KERNEL_ARG_ADDRESS_LOCAL) {
            throw new BackendException(ClCodes.CL_INVALID_ARG_VALUE, "argument " + index + " is not __local");
        }
        if (size <= 0) {
            throw new BackendException(ClCodes.CL_INVALID_ARG_SIZE, "a __local argument of " + size + " bytes");
        }
        set(index, size);
    }

    /**
     * A launch of this kernel with its arguments now, checked as {@code clEnqueueNDRangeKernel} checks it.
     *
     * @throws BackendException as a driver answers a launch it refuses
     */
    Launch launch(int workDim, long[] offset, long[] global, long[] local) {
        requireLive();
        if (workDim < 1 || workDim > 3) {
            throw new BackendException(ClCodes.CL_INVALID_WORK_DIMENSION, "work dimension " + workDim);
        }
        if (global == null || global.length < workDim || Arrays.stream(global, 0, workDim).anyMatch(g -> g <= 0)) {
            throw new BackendException(ClCodes.CL_INVALID_GLOBAL_WORK_SIZE, "global size " + Arrays.toString(global));
        }
        FakeDevice device = session().fakeDevice();
        long[] required = signature.requiredWorkGroupSize();
        long[] groups = local == null ? null : Arrays.copyOf(local, workDim);
        if (required[0] != 0 && (groups == null || !Arrays.equals(groups, Arrays.copyOf(required, workDim)))) {
            throw new BackendException(ClCodes.CL_INVALID_WORK_GROUP_SIZE, "kernel " + name() + " requires "
                    + Arrays.toString(required));
        }
        if (groups == null) {
            groups = chooseLocal(workDim, global, device.maxWorkGroupSize());
        }
        long product = 1;
        for (int d = 0; d < workDim; d++) {
            if (groups[d] <= 0 || global[d] % groups[d] != 0) {
                throw new BackendException(ClCodes.CL_INVALID_WORK_GROUP_SIZE, "local size " + Arrays.toString(local)
                        + " does not divide global size " + Arrays.toString(global));
            }
            if (groups[d] > device.maxWorkGroupSize()) {
                throw new BackendException(ClCodes.CL_INVALID_WORK_ITEM_SIZE, "local size " + Arrays.toString(local));
            }
            product *= groups[d];
        }
        if (product > device.maxWorkGroupSize()) {
            throw new BackendException(ClCodes.CL_INVALID_WORK_GROUP_SIZE, "work-groups of " + product + " items");
        }
        Object[] taken;
        synchronized (this) {
            taken = args.clone();
        }
        long localBytes = 0;
        for (int i = 0; i < taken.length; i++) {
            if (taken[i] == null) {
                throw new BackendException(ClCodes.CL_INVALID_KERNEL_ARGS, "argument " + i + " of " + name()
                        + " is not set");
            }
            if (taken[i] instanceof FakeBuffer b && b.isReleased()) {
                throw new BackendException(ClCodes.CL_INVALID_MEM_OBJECT, "argument " + i + " was released");
            }
            localBytes += taken[i] instanceof Long size ? size : 0;
        }
        if (localBytes > device.localMemSize()) {
            throw new BackendException(ClCodes.CL_OUT_OF_RESOURCES, localBytes + " bytes of __local memory");
        }
        return new Launch(workDim, offset == null ? null : offset.clone(), global.clone(), groups, taken);
    }

    /**
     * A local size for a launch that gives none: in each dimension in turn, the largest divisor of the global size
     * that keeps the work-group within the device's limit.
     */
    private static long[] chooseLocal(int workDim, long[] global, long maxGroup) {
        long[] local = new long[workDim];
        long room = maxGroup;
        for (int d = 0; d < workDim; d++) {
            long size = Math.min(room, global[d]);
            while (global[d] % size != 0) {
                size--;
            }
            local[d] = size;
            room /= size;
        }
        return local;
    }

    /** A launch as enqueued: what runs when its queue gets to it. */
    final class Launch {
        private final int workDim;
        private final long[] offset;
        private final long[] global;
        private final long[] local;
        private final Object[] taken;

        private Launch(int workDim, long[] offset, long[] global, long[] local, Object[] taken) {
            this.workDim = workDim;
            this.offset = offset;
            this.global = global;
            this.local = local;
            this.taken = taken;
        }

        long items() {
            long items = 1;
            for (int d = 0; d < workDim; d++) {
                items *= global[d];
            }
            return items;
        }

        /** Runs every work-item; what the body throws goes on. */
        void run() {
            ByteBuffer[] memory = new ByteBuffer[taken.length];
            for (int i = 0; i < taken.length; i++) {
                if (taken[i] instanceof FakeBuffer b) {
                    memory[i] = b.bytes();
                } else if (taken[i] instanceof byte[] value) {
                    memory[i] = ByteBuffer.wrap(value).asReadOnlyBuffer().order(ByteOrder.nativeOrder());
                } else if (taken[i] instanceof Long size) {
                    byte[] fresh = new byte[Math.toIntExact(size)];
                    Arrays.fill(fresh, FakeBuffer.UNDEFINED);
                    memory[i] = ByteBuffer.wrap(fresh).order(ByteOrder.nativeOrder());
                }
            }
            new WorkItem(name(), session().fakeDevice(), workDim, offset, global, local, signature.args(), memory)
                    .runAll(body);
        }
    }
}
