package io.omnicl.runtime.access;

/** The values of OpenCL's work-item functions that take a dimension, for one part of a launch. */
final class WorkItemFunctions {

    private WorkItemFunctions() {
    }

    /** {@code name(d)}: a symbol, a constant of the launch, or unknown (also for any other function). */
    static Value value(String name, long d, Launch launch, int symbols) {
        boolean inRange = d >= 0 && d < launch.workDim;
        int dim = (int) Math.max(0, Math.min(d, 2));
        return switch (name) {
            case "get_global_id" -> inRange ? symbol(dim, symbols) : constant(0, symbols);
            case "get_local_id" -> inRange ? symbol(Box.LOCAL_ID + dim, symbols) : constant(0, symbols);
            case "get_global_size" -> constant(inRange ? launch.global[dim] : 1, symbols);
            case "get_global_offset" -> constant(inRange ? launch.offset[dim] : 0, symbols);
            case "get_local_size" -> !inRange ? constant(1, symbols)
                : launch.local == null ? Value.unknown(IntType.U64) : constant(launch.local[dim], symbols);
            case "get_num_groups" -> !inRange ? constant(1, symbols)
                : launch.local == null ? Value.unknown(IntType.U64)
                : constant(launch.geometry.groups(dim), symbols);
            case "get_group_id" -> !inRange ? constant(0, symbols)
                : launch.local == null ? Value.unknown(IntType.U64) : symbol(Box.GROUP_ID + dim, symbols);
            default -> Value.UNKNOWN;
        };
    }

    private static Value symbol(int symbol, int symbols) {
        return new Value(Affine.symbol(symbol, symbols), IntType.U64);
    }

    private static Value constant(long v, int symbols) {
        return new Value(Affine.constant(v, symbols), IntType.U64);
    }
}
