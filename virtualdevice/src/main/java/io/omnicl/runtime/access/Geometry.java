package io.omnicl.runtime.access;

/**
 * A launch's geometry as the program gave it.
 *
 * @param workDim 1 to 3
 * @param offset  the global offset, one per dimension (zeros when the program gave none)
 * @param global  the global size, one per dimension
 * @param local   the work-group size, one per dimension, or null when the driver picks it
 */
public record Geometry(int workDim, long[] offset, long[] global, long[] local) {

    /** The launch's work-groups along {@code dim}; only with a given work-group size. */
    long groups(int dim) {
        return (global[dim] + local[dim] - 1) / local[dim];
    }

    /** The work-group of global id {@code id} along {@code dim}; only with a given work-group size. */
    long groupOf(int dim, long id) {
        return (id - offset[dim]) / local[dim];
    }
}
