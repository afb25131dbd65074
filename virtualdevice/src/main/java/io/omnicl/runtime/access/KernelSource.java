package io.omnicl.runtime.access;

import java.util.List;
import java.util.Map;

/**
 * A parsed kernel and what the rest of the program tells about it.
 *
 * @param helpers   each non-kernel function (and other kernel) of the program, with whether it takes a pointer
 * @param loopCount how many {@code for} loops the body holds
 */
record KernelSource(String name, List<Param> params, Stmt.Block body, Map<String, Boolean> helpers, int loopCount) {

    /** A kernel parameter; {@code pointers} counts its {@code *}s. */
    record Param(String name, TypeSpec type, int pointers) {

        /** A {@code __global} or {@code __constant} buffer, the arguments the analysis bounds. */
        boolean isBuffer() {
            return pointers > 0 && ("global".equals(type.addressSpace()) || "constant".equals(type.addressSpace()));
        }
    }
}
