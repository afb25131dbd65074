package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClKernel;
import io.omnicl.driver.ClProgram;
import io.omnicl.driver.InfoValue;
import io.omnicl.runtime.access.CutChoice;
import io.omnicl.runtime.access.Geometry;
import io.omnicl.runtime.access.KernelAccesses;
import io.omnicl.runtime.access.PartVerdict;
import io.omnicl.runtime.sched.PerfKey;
import io.omnicl.runtime.worker.DeviceNode;
import io.omnicl.spi.BackendException;
import io.omnicl.spi.KernelArgInfo;
import io.omnicl.spi.KernelWorkGroupInfo;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealMem;

import java.util.List;

import static io.omnicl.driver.OpenClConstants.*;

/**
 * A kernel: its arguments as the user set them, and one real kernel per real device where its program
 * built. Arguments are captured by each enqueue, so setting them again does not affect enqueued work.
 */
public final class Kernel extends CountedObject implements ClKernel {

    /** One argument value. */
    public sealed interface Arg permits MemArg, LocalArg, ValueArg, SamplerArg {
    }

    /** A buffer (null for a null pointer) or an image, and whether the kernel may write it. */
    public record MemArg(MemObject memory, boolean writes) implements Arg {
    }

    public record SamplerArg(Sampler sampler) implements Arg {
    }

    public record LocalArg(long size) implements Arg {
    }

    public record ValueArg(byte[] bytes) implements Arg {
    }

    private final Program program;
    private final String name;
    private final KernelTemplate template;
    /** By node index: the real kernel there and what its arguments were last set to; used by that node's worker. */
    private final KernelTemplate.Real[] reals;
    /** By node index: the same for the kernel's geometry variant, made when a part first runs as it there. */
    private final KernelTemplate.Real[] variants;
    private final Arg[] args;
    /** Devices that joined after this kernel was made where its real kernel could not be made; under {@code this}. */
    private volatile long unmade;

    Kernel(Program program, String name) {
        this.program = program;
        this.name = name;
        this.template = program.attachKernel(name);
        try {
            this.reals = template.take();
        } catch (RuntimeException e) {
            program.kernelAttached(-1);
            throw e;
        }
        this.variants = new KernelTemplate.Real[reals.length];
        this.args = new Arg[template.argCount()];
    }

    /**
     * An argument without info, judged from its value: a sampler or memory object says what it is; a null
     * value is a {@code __local} size if the device takes it as one, else a null buffer; bytes are a null
     * buffer if the device takes a null buffer there, else a value.
     */
    private KernelArgInfo inferred(int index, long size, Object value) {
        if (value instanceof Sampler) {
            return new KernelArgInfo(CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ACCESS_NONE, "sampler_t", 0, "");
        }
        KernelArgInfo global = new KernelArgInfo(CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ACCESS_NONE,
                value instanceof MemObject m && m.image() != null ? "image" : "void*", 0, "");
        if (value instanceof MemObject) {
            return global;
        }
        RealKernel validator = template.validator();
        synchronized (validator) {
            try {
                if (value == null) {
                    validator.setLocalArg(index, size);
                    return new KernelArgInfo(CL_KERNEL_ARG_ADDRESS_LOCAL, CL_KERNEL_ARG_ACCESS_NONE, "void*", 0, "");
                }
                validator.setArg(index, (RealMem) null);
                return global;
            } catch (BackendException e) {
                return value == null ? global
                        : new KernelArgInfo(CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ACCESS_NONE, "", 0, "");
            }
        }
    }

    public String name() {
        return name;
    }

    Program programImpl() {
        return program;
    }

    /** What the kernel's source says of the bytes its work-items read and write of each buffer argument. */
    public KernelAccesses accesses() {
        return template.accesses();
    }

    /**
     * What the work-items of one part of a launch read and write ({@link KernelAccesses#part}), remembered for the
     * parts of recent launches.
     */
    public PartVerdict part(Geometry g, byte[][] values, long[] bufferBytes, int dim, long from, long to) {
        return template.part(g, values, bufferBytes, dim, from, to);
    }

    /** Whether launches of this kernel of shape {@code key} are cut across devices or run whole, as learnt so far. */
    public CutChoice cutChoice(PerfKey key) {
        return program.contextImpl().runtime().cutChoice(key);
    }

    /** The performance key of a launch of this kernel (see {@link KernelTemplate#perfKey}). */
    public PerfKey perfKey(long[] shape, int workDim) {
        return template.perfKey(shape, workDim);
    }

    /** Whether the kernel's program waits for devices that open behind the program to build it. */
    public boolean waitsForDevicesBehind() {
        return program.waitsForBuildsBehind();
    }

    /**
     * Has the devices that open behind the program build the kernel's program now (every device that has the kernel
     * was lost, or a launch is worth waiting for them), and waits until they have joined
     * ({@link Program#awaitBuildsBehind}).
     */
    public void awaitDevicesBehind() {
        program.awaitBuildsBehind();
    }

    /** Real devices that have this kernel, as bits: those that joined since it was made too ({@link #joined}). */
    public long nodeMask() {
        long mask = 0;
        for (int i = 1; i < reals.length; i++) {
            if (reals[i] != null) {
                mask |= 1L << i;
            }
        }
        return (template.nodes() & ~mask & ~unmade) == 0 ? mask : joined();
    }

    /**
     * Takes a real kernel on each device that built the program behind the program after this kernel was made
     * ({@link KernelTemplate#join}); returns the devices it has now. Its worker sets the arguments there at the
     * first launch, as on every device. A device where the kernel cannot be made is left out from then on.
     */
    private synchronized long joined() {
        long mask = 0;
        for (int i = 1; i < reals.length; i++) {
            long bit = 1L << i;
            if (reals[i] == null && (template.nodes() & ~unmade & bit) != 0) {
                try {
                    reals[i] = template.takeOn(i);
                } catch (BackendException e) {
                    unmade |= bit;
                }
            }
            mask |= reals[i] != null ? bit : 0;
        }
        return mask;
    }

    /** The kernel on {@code node}; only for that node's worker. */
    public RealKernel realKernel(DeviceNode node) {
        return reals[node.index()].kernel();
    }

    /**
     * On {@code node}'s worker: what each argument of the real kernel there was last set to (a real memory
     * object or sampler, a {@code Long} local size, the bytes of a value; null when unknown), to be kept up
     * to date by the caller, so that launching one kernel again with the same arguments sets none of them.
     */
    public Object[] argsSetOn(DeviceNode node) {
        return reals[node.index()].set();
    }

    /**
     * Null when the kernel's geometry variant is built on each of {@code nodes} and takes work-groups of
     * {@code groupItems} work-items there (0: the driver picks), else why not (yet): the first call starts its
     * build, which this waits for when {@code wait}.
     */
    public String variantReadyOn(List<DeviceNode> nodes, long groupItems, boolean wait) {
        return template.variant().readyOn(nodes, groupItems, wait);
    }

    /** The kernel's geometry variant on {@code node}, where it is ready; only for that node's worker. */
    public RealKernel variantKernel(DeviceNode node) {
        return variantOn(node).kernel();
    }

    /** As {@link #argsSetOn}, for the variant's kernel on {@code node} (its added argument last). */
    public Object[] variantArgsSetOn(DeviceNode node) {
        return variantOn(node).set();
    }

    private KernelTemplate.Real variantOn(DeviceNode node) {
        KernelTemplate.Real v = variants[node.index()];
        if (v == null) {
            v = template.takeVariant(node);
            variants[node.index()] = v;
        }
        return v;
    }

    /** This kernel's work-group facts on {@code node}, or null when it has none there. */
    public KernelWorkGroupInfo workGroup(DeviceNode node) {
        return template.workGroup(node);
    }

    @Override
    public void setArg(int index, long size, Object value) {
        checkValid();
        if (index < 0 || index >= args.length) {
            throw new ClError(CL_INVALID_ARG_INDEX, "kernel " + name + " has " + args.length + " arguments");
        }
        KernelArgInfo info = template.argInfo(index) != null ? template.argInfo(index) : inferred(index, size, value);
        Arg arg;
        switch (info.addressQualifier()) {
            case CL_KERNEL_ARG_ADDRESS_LOCAL:
                ClError.require(value == null, CL_INVALID_ARG_VALUE, "a __local argument takes no value");
                ClError.require(size > 0, CL_INVALID_ARG_SIZE, "a __local argument needs a size");
                arg = new LocalArg(size);
                break;
            case CL_KERNEL_ARG_ADDRESS_GLOBAL:
            case CL_KERNEL_ARG_ADDRESS_CONSTANT:
                ClError.require(size == 8, CL_INVALID_ARG_SIZE, "a memory argument has the size of cl_mem");
                arg = memArg(info, value);
                break;
            default:
                if (info.typeName().equals("sampler_t")) {
                    ClError.require(size == 8, CL_INVALID_ARG_SIZE, "a sampler argument has the size of cl_sampler");
                    ClError.require(value instanceof Sampler s && !s.isReleased()
                            && s.contextImpl() == program.contextImpl(), CL_INVALID_SAMPLER, "not a sampler");
                    arg = new SamplerArg((Sampler) value);
                } else {
                    ClError.require(value instanceof byte[], CL_INVALID_ARG_VALUE, "a by-value argument needs a value");
                    template.tryValue(index, (byte[]) value);
                    arg = new ValueArg(((byte[]) value).clone());
                }
        }
        synchronized (args) {
            args[index] = arg;
        }
    }

    /**
     * A buffer or image argument. Whether the kernel writes it comes from its signature ({@code const},
     * {@code __constant}, {@code read_only}), never from the object's flags: a kernel that writes a buffer made
     * {@code CL_MEM_READ_ONLY} is undefined by the specification, but every driver keeps its writes and programs
     * rely on it.
     */
    private Arg memArg(KernelArgInfo info, Object value) {
        boolean imageParameter = info.typeName().startsWith("image");
        if (value instanceof byte[] raw) {
            for (byte b : raw) {
                ClError.require(b == 0, CL_INVALID_MEM_OBJECT, "not a memory object");
            }
            value = null;
        }
        if (value == null && !imageParameter) {
            return new MemArg(null, false);
        }
        ClError.require(value instanceof MemObject, CL_INVALID_MEM_OBJECT, "not a memory object");
        MemObject m = (MemObject) value;
        ClError.require(!m.isReleased() && m.contextImpl() == program.contextImpl(), CL_INVALID_MEM_OBJECT,
                "memory object released or of another context");
        ClError.require(imageParameter == (m.image() != null), CL_INVALID_MEM_OBJECT,
                imageParameter ? "the argument is an image" : "the argument is a buffer");
        boolean readOnly = info.addressQualifier() == CL_KERNEL_ARG_ADDRESS_CONSTANT
                || (info.typeQualifier() & CL_KERNEL_ARG_TYPE_CONST) != 0
                || info.accessQualifier() == CL_KERNEL_ARG_ACCESS_READ_ONLY;
        return new MemArg(m, !readOnly);
    }

    /**
     * The arguments now, for one enqueue.
     *
     * @throws ClError {@code CL_INVALID_KERNEL_ARGS} when some are not set
     */
    public Arg[] capture() {
        synchronized (args) {
            for (Arg a : args) {
                ClError.require(a != null, CL_INVALID_KERNEL_ARGS, "unset arguments in kernel ", name);
            }
            return args.clone();
        }
    }

    @Override
    public ClContext context() {
        return program.context();
    }

    @Override
    public ClProgram program() {
        return program;
    }

    @Override
    public InfoValue info(int param) {
        switch (param) {
            case CL_KERNEL_FUNCTION_NAME:
                return InfoValue.ofString(name);
            case CL_KERNEL_NUM_ARGS:
                return InfoValue.ofInt(args.length);
            case CL_KERNEL_REFERENCE_COUNT:
                return InfoValue.ofInt(referenceCount());
            case CL_KERNEL_CONTEXT:
                return InfoValue.ofHandle(program.context());
            case CL_KERNEL_PROGRAM:
                return InfoValue.ofHandle(program);
            case CL_KERNEL_ATTRIBUTES:
                return InfoValue.ofString(program.kernelAttributes(name, template.validator()));
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown kernel info " + param);
        }
    }

    @Override
    public InfoValue workGroupInfo(ClDevice device, int param) {
        Device d = (Device) device;
        ClError.require(program.contextImpl().contains(d), CL_INVALID_DEVICE, "device not in the kernel's context");
        long size = Long.MAX_VALUE;
        long local = 0;
        long multiple = 0;
        long privateMem = 0;
        long[] compile = null;
        for (DeviceNode n : d.nodes()) {
            KernelWorkGroupInfo w = template.workGroup(n);
            if (w == null) {
                continue;
            }
            size = Math.min(size, w.workGroupSize());
            local = Math.max(local, w.localMemSize());
            multiple = Math.max(multiple, w.preferredSizeMultiple());
            privateMem = Math.max(privateMem, w.privateMemSize());
            compile = compile == null ? w.compileWorkGroupSize() : compile;
        }
        ClError.require(compile != null, CL_INVALID_DEVICE, "the kernel's program is not built for this device");
        switch (param) {
            case CL_KERNEL_WORK_GROUP_SIZE:
                return InfoValue.ofLong(size);
            case CL_KERNEL_COMPILE_WORK_GROUP_SIZE:
                return InfoValue.ofLongs(compile);
            case CL_KERNEL_LOCAL_MEM_SIZE:
                return InfoValue.ofLong(local + localArgumentBytes());
            case CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE:
                return InfoValue.ofLong(multiple);
            case CL_KERNEL_PRIVATE_MEM_SIZE:
                return InfoValue.ofLong(privateMem);
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown kernel work-group info " + param);
        }
    }

    /** Bytes of the {@code __local} arguments set so far. */
    private long localArgumentBytes() {
        long bytes = 0;
        synchronized (args) {
            for (Arg a : args) {
                if (a instanceof LocalArg l) {
                    bytes += l.size();
                }
            }
        }
        return bytes;
    }

    @Override
    public InfoValue argInfo(int index, int param) {
        ClError.require(index >= 0 && index < args.length, CL_INVALID_ARG_INDEX, "no argument ", index);
        KernelArgInfo a = template.argInfo(index);
        ClError.require(a != null, CL_KERNEL_ARG_INFO_NOT_AVAILABLE, "the devices kept no argument info");
        switch (param) {
            case CL_KERNEL_ARG_ADDRESS_QUALIFIER:
                return InfoValue.ofInt(a.addressQualifier());
            case CL_KERNEL_ARG_ACCESS_QUALIFIER:
                return InfoValue.ofInt(a.accessQualifier());
            case CL_KERNEL_ARG_TYPE_NAME:
                return InfoValue.ofString(a.typeName());
            case CL_KERNEL_ARG_TYPE_QUALIFIER:
                return InfoValue.ofLong(a.typeQualifier());
            case CL_KERNEL_ARG_NAME:
                return InfoValue.ofString(a.name());
            default:
                throw new ClError(CL_INVALID_VALUE, "unknown kernel arg info " + param);
        }
    }

    @Override
    protected int invalidCode() {
        return CL_INVALID_KERNEL;
    }

    @Override
    protected void destroy() {
        template.giveBack(reals, variants);
        program.kernelAttached(-1);
    }
}
