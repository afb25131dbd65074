package io.omnicl.runtime.access;

import java.util.List;
import java.util.Set;

/**
 * A parsed kernel and what the rest of the program tells about it.
 *
 * @param functions          the names of the program's other functions (kernels included: they can be called)
 * @param functionsAskShape  whether any of those asks the launch's shape (see {@link KernelChecker#SHAPE_QUERIES})
 * @param loopCount          how many {@code for} loops the body holds
 */
record KernelSource(String name, List<Param> params, Stmt.Block body, Set<String> functions, boolean functionsAskShape,
                    int loopCount) {

    /** A kernel parameter; {@code pointers} counts its {@code *}s. */
    record Param(String name, TypeSpec type, int pointers) {

        /** A {@code __global} or {@code __constant} buffer, the arguments the analysis bounds. */
        boolean isBuffer() {
            return pointers > 0 && ("global".equals(type.addressSpace()) || "constant".equals(type.addressSpace()));
        }
    }
}
