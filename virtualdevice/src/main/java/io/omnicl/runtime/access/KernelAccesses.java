package io.omnicl.runtime.access;

import java.util.stream.IntStream;

/**
 * What a kernel's OpenCL C source says about the bytes its work-items read and write of each {@code __global} or
 * {@code __constant} buffer argument: analysed once per kernel, evaluated per part of a launch. Sound, never
 * optimistic: a read it cannot bound is the whole buffer; a write it cannot bound, a global atomic, an image, or
 * anything else it does not understand keeps the launch whole.
 */
public final class KernelAccesses {

    private final String reason;
    private final KernelFacts facts;
    /**
     * Per dimension, whether the kernel asks the launch's size, group count, group id or offset along it: then a
     * part cut along it runs as the {@link GeometryVariant}.
     */
    private final boolean[] shapeAsked;
    private final boolean usesWorkGroups;
    private final boolean irregular;

    private KernelAccesses(String reason, KernelFacts facts, boolean[] shapeAsked, boolean usesWorkGroups,
                           boolean irregular) {
        this.reason = reason;
        this.facts = facts;
        this.shapeAsked = shapeAsked;
        this.usesWorkGroups = usesWorkGroups;
        this.irregular = irregular;
    }

    /**
     * Analyses kernel {@code kernelName} of {@code programSource}, built with {@code buildOptions} (whose
     * {@code -D} definitions count). Never throws: a kernel it cannot analyse gives a result that splits nothing.
     */
    public static KernelAccesses analyse(String programSource, String buildOptions, String kernelName) {
        try {
            KernelSource kernel = ProgramParser.parse(Preprocessor.run(programSource, buildOptions), kernelName);
            KernelChecker.Result check = KernelChecker.check(kernel);
            return new KernelAccesses(check.reason(), check.reason() == null ? new KernelFacts(kernel) : null,
                check.shapeAsked(),
                check.usesWorkGroups(), check.irregular());
        } catch (SourceException e) {
            return new KernelAccesses(e.getMessage(), null, null, true, true);
        } catch (RuntimeException | StackOverflowError e) {
            return new KernelAccesses("analysis failed: " + e, null, null, true, true);
        }
    }

    /**
     * Whether the kernel may tell how its launch is cut into work-groups (local ids, group ids and sizes,
     * barriers, local memory): then parts of a launch without a given work-group size must all get the same one.
     */
    public boolean usesWorkGroups() {
        return usesWorkGroups;
    }

    /**
     * Whether a work-item's work may depend on its data or its place (loops that are not counted between bounds
     * every work-item shares, or that may be left early): then equal shares of work-items are not equal work.
     */
    public boolean irregular() {
        return irregular;
    }

    /** Why no launch of this kernel can be split, or null when some can. */
    public String reason() {
        return reason;
    }

    /** The dimensions a launch of this kernel with {@code workDim} dimensions may be cut along, slowest-varying first. */
    public int[] splittableDims(int workDim) {
        if (reason != null) {
            return new int[0];
        }
        return IntStream.iterate(Math.min(workDim, 3) - 1, d -> d >= 0, d -> d - 1).toArray();
    }

    /**
     * Whether the kernel asks the launch's size, offset, group count or group id along {@code dim} (or its linear
     * global id): then a part cut along it must run as the {@link GeometryVariant} to see the whole launch's.
     */
    public boolean asksShape(int dim) {
        return reason == null && dim >= 0 && dim < 3 && shapeAsked[dim];
    }

    /**
     * What the work-items whose global id along dimension {@code dim} lies in {@code [from, to)} (and any global id
     * along the other dimensions) read and write of each buffer argument.
     *
     * @param values      each argument's value as set, in the host's byte order (null for buffers, local memory
     *                    and samplers)
     * @param bufferBytes each buffer argument's size in bytes (0 for arguments that are not buffers, -1 for a null
     *                    buffer)
     */
    public PartVerdict part(Geometry g, byte[][] values, long[] bufferBytes, int dim, long from, long to) {
        if (reason != null) {
            return new PartVerdict.Whole(reason);
        }
        try {
            return new PartVerdict.Split(StatementInterpreter.run(facts, Launch.of(facts.kernel(), g, values,
                bufferBytes, dim, from, to)));
        } catch (WholeLaunch e) {
            return new PartVerdict.Whole(e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            return new PartVerdict.Whole("analysis failed: " + e);
        }
    }
}
