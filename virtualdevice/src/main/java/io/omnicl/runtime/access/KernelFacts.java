package io.omnicl.runtime.access;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/** What every part's run needs to know of the kernel's syntax, worked out once when the kernel is analysed. */
final class KernelFacts {

    private final KernelSource kernel;
    private final Map<String, Integer> buffers = new HashMap<>();
    private final Map<Stmt, Set<String>> assigned = new IdentityHashMap<>();
    private final Map<Stmt, Boolean> returns = new IdentityHashMap<>();
    private final Map<Stmt, LoopShape> shapes = new IdentityHashMap<>();

    KernelFacts(KernelSource kernel) {
        this.kernel = kernel;
        for (int i = 0; i < kernel.params().size(); i++) {
            if (kernel.params().get(i).isBuffer()) {
                buffers.put(kernel.params().get(i).name(), i);
            }
        }
        Syntax.forEachStatement(kernel.body(), s -> {
            if (s instanceof Stmt.For f) {
                Set<String> names = Syntax.assignedIn(f.body());
                if (f.condition() != null) {
                    names.addAll(Syntax.assignedIn(new Stmt.ExprStmt(f.condition())));
                }
                if (f.update() != null) {
                    names.addAll(Syntax.assignedIn(new Stmt.ExprStmt(f.update())));
                }
                assigned.put(s, names);
                returns.put(s, Syntax.containsReturn(f.body()));
                shapes.put(s, LoopShape.of(f));
            } else if (s instanceof Stmt.While || s instanceof Stmt.DoWhile) {
                assigned.put(s, Syntax.assignedIn(s));
                returns.put(s, Syntax.containsReturn(s));
            }
        });
    }

    KernelSource kernel() {
        return kernel;
    }

    /** Buffer arguments by name, with their index. */
    Map<String, Integer> buffers() {
        return buffers;
    }

    /** The variables a loop's condition, body or update may assign. */
    Set<String> assignedIn(Stmt loop) {
        return assigned.get(loop);
    }

    boolean returnsIn(Stmt loop) {
        return returns.get(loop);
    }

    /** The loop's counted shape, or null. */
    LoopShape shape(Stmt.For loop) {
        return shapes.get(loop);
    }
}
