package io.omnicl.runtime.access;

/**
 * What a kernel's OpenCL C source says about the bytes its work-items read and write of each {@code __global} or
 * {@code __constant} buffer argument: analysed once per kernel, evaluated per part of a launch. Sound, never
 * optimistic: a read it cannot bound is the whole buffer; a write it cannot bound, a global atomic, an image, or
 * anything else it does not understand keeps the launch whole.
 */
public final class KernelAccesses {

    private final String reason;

    private KernelAccesses(String reason) {
        this.reason = reason;
    }

    /**
     * Analyses kernel {@code kernelName} of {@code programSource}, built with {@code buildOptions} (whose
     * {@code -D} definitions count). Never throws: a kernel it cannot analyse gives a result that splits nothing.
     */
    public static KernelAccesses analyse(String programSource, String buildOptions, String kernelName) {
        return new KernelAccesses("not analysed");
    }

    /** Why no launch of this kernel can be split, or null when some can. */
    public String reason() {
        return reason;
    }

    /**
     * The dimensions a launch of this kernel with {@code workDim} dimensions may be cut along, slowest-varying
     * first: those the kernel never asks the launch's size, number of groups, group id or offset of.
     */
    public int[] splittableDims(int workDim) {
        return new int[0];
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
        return new PartVerdict.Whole(reason);
    }
}
