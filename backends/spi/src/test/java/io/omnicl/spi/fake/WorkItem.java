package io.omnicl.spi.fake;

import io.omnicl.spi.KernelArgInfo;
import io.omnicl.spi.suite.ClCodes;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.List;
import java.util.function.Function;

/**
 * One work-item of a launch on the fake backend, as a {@link KernelBody} sees it: its ids and the launch's sizes
 * (as {@code get_global_id} and the like give them: 0, or 1 for sizes, in dimensions beyond the launch's), and the
 * kernel's arguments. A memory argument is its bytes in the device's byte order, from its first byte, to be read
 * and written by index; the same buffer (and typed view) serves every work-item of the launch. A {@code __local}
 * argument is memory of the launch's own, of the size set.
 */
public final class WorkItem {

    private final String kernel;
    private final FakeDevice device;
    private final int workDim;
    private final long[] offset = {0, 0, 0};
    private final long[] global = {1, 1, 1};
    private final long[] local = {1, 1, 1};
    private final long[] groupId = new long[3];
    private final long[] localId = new long[3];
    private final List<KernelArgInfo> params;
    /** By argument: its memory or its value's bytes; null for a null buffer. */
    private final ByteBuffer[] args;
    /** By argument: the typed view last asked for. */
    private final Buffer[] views;

    WorkItem(String kernel, FakeDevice device, int workDim, long[] offset, long[] global, long[] local,
             List<KernelArgInfo> params, ByteBuffer[] args) {
        this.kernel = kernel;
        this.device = device;
        this.workDim = workDim;
        for (int d = 0; d < workDim; d++) {
            this.offset[d] = offset == null ? 0 : offset[d];
            this.global[d] = global[d];
            this.local[d] = local[d];
        }
        this.params = params;
        this.args = args;
        this.views = new Buffer[args.length];
    }

    /** Runs {@code body} for every work-item, work-group after work-group, dimension 0 varying fastest. */
    void runAll(KernelBody body) {
        long[] groups = {global[0] / local[0], global[1] / local[1], global[2] / local[2]};
        for (groupId[2] = 0; groupId[2] < groups[2]; groupId[2]++) {
            for (groupId[1] = 0; groupId[1] < groups[1]; groupId[1]++) {
                for (groupId[0] = 0; groupId[0] < groups[0]; groupId[0]++) {
                    for (localId[2] = 0; localId[2] < local[2]; localId[2]++) {
                        for (localId[1] = 0; localId[1] < local[1]; localId[1]++) {
                            for (localId[0] = 0; localId[0] < local[0]; localId[0]++) {
                                body.run(this);
                            }
                        }
                    }
                }
            }
        }
    }

    /** The device running the launch. */
    public FakeDevice device() {
        return device;
    }

    public int workDim() {
        return workDim;
    }

    public long globalId(int dim) {
        return inRange(dim) ? offset[dim] + groupId[dim] * local[dim] + localId[dim] : 0;
    }

    public long globalSize(int dim) {
        return inRange(dim) ? global[dim] : 1;
    }

    public long globalOffset(int dim) {
        return inRange(dim) ? offset[dim] : 0;
    }

    public long localId(int dim) {
        return inRange(dim) ? localId[dim] : 0;
    }

    public long localSize(int dim) {
        return inRange(dim) ? local[dim] : 1;
    }

    public long groupId(int dim) {
        return inRange(dim) ? groupId[dim] : 0;
    }

    public long numGroups(int dim) {
        return inRange(dim) ? global[dim] / local[dim] : 1;
    }

    private static boolean inRange(int dim) {
        return dim >= 0 && dim < 3;
    }

    /**
     * The bytes of memory argument {@code index} ({@code __global}, {@code __constant} or {@code __local}); null for
     * a null buffer.
     */
    public ByteBuffer buffer(int index) {
        int address = param(index).addressQualifier();
        if (address == ClCodes.CL_KERNEL_ARG_ADDRESS_PRIVATE) {
            throw new IllegalArgumentException(describe(index) + " is not memory");
        }
        return args[index];
    }

    public IntBuffer ints(int index) {
        return view(index, IntBuffer.class, ByteBuffer::asIntBuffer);
    }

    public LongBuffer longs(int index) {
        return view(index, LongBuffer.class, ByteBuffer::asLongBuffer);
    }

    public FloatBuffer floats(int index) {
        return view(index, FloatBuffer.class, ByteBuffer::asFloatBuffer);
    }

    public DoubleBuffer doubles(int index) {
        return view(index, DoubleBuffer.class, ByteBuffer::asDoubleBuffer);
    }

    private <T extends Buffer> T view(int index, Class<T> type, Function<ByteBuffer, T> make) {
        ByteBuffer bytes = buffer(index);
        if (bytes == null) {
            return null;
        }
        if (!type.isInstance(views[index])) {
            views[index] = make.apply(bytes);
        }
        return type.cast(views[index]);
    }

    /** The bytes of by-value argument {@code index}, read-only. */
    public ByteBuffer value(int index) {
        if (param(index).addressQualifier() != ClCodes.CL_KERNEL_ARG_ADDRESS_PRIVATE) {
            throw new IllegalArgumentException(describe(index) + " is not passed by value");
        }
        return args[index];
    }

    public int intArg(int index) {
        return value(index, Integer.BYTES).getInt(0);
    }

    public long longArg(int index) {
        return value(index, Long.BYTES).getLong(0);
    }

    public float floatArg(int index) {
        return value(index, Float.BYTES).getFloat(0);
    }

    public double doubleArg(int index) {
        return value(index, Double.BYTES).getDouble(0);
    }

    private ByteBuffer value(int index, int size) {
        ByteBuffer bytes = value(index);
        if (bytes.capacity() != size) {
            throw new IllegalArgumentException(describe(index) + " has " + bytes.capacity() + " bytes, not " + size);
        }
        return bytes;
    }

    private KernelArgInfo param(int index) {
        if (index < 0 || index >= params.size()) {
            throw new IndexOutOfBoundsException("kernel " + kernel + " has " + params.size() + " arguments, not "
                    + (index + 1));
        }
        return params.get(index);
    }

    private String describe(int index) {
        KernelArgInfo p = params.get(index);
        return "argument " + index + " (" + p.typeName() + " " + p.name() + ") of kernel " + kernel;
    }
}
