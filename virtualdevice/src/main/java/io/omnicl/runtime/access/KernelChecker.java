package io.omnicl.runtime.access;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the kernel's text alone rules out, whatever the launch: images, atomics on buffers, global pointers used other
 * than as {@code buf[i]}, writes whose index comes from memory. Also which dimensions the kernel asks the launch's
 * shape of (a part launched alone would get other answers).
 */
final class KernelChecker {

    /** The work-item functions whose answer differs when a part of a launch runs as a launch of its own. */
    static final Set<String> SHAPE_QUERIES = Set.of(
        "get_global_size", "get_num_groups", "get_group_id", "get_global_offset", "get_global_linear_id",
        "get_enqueued_local_size");
    /** The shape queries that take a dimension: a {@link GeometryVariant} answers them as in the whole launch. */
    private static final Set<String> QUERIES_TAKING_A_DIMENSION = Set.of(
        "get_global_size", "get_num_groups", "get_group_id", "get_global_offset");

    private final KernelSource kernel;
    private final Map<String, Integer> buffers = new HashMap<>();
    private final Set<String> fromMemory = new HashSet<>();
    private final boolean[] shapeAsked = new boolean[3];
    /** Whether the kernel may tell how the launch is cut into work-groups (see {@link Result#usesWorkGroups}). */
    private boolean usesWorkGroups;
    /** Whether the work of a work-item may depend on its data or position (see {@link Result#irregular}). */
    private boolean irregular;
    private String reason;

    private KernelChecker(KernelSource kernel) {
        this.kernel = kernel;
    }

    /**
     * The facts the check found.
     *
     * @param usesWorkGroups whether the kernel asks for its local ids, work-group size, group ids or group count,
     *                       waits at a barrier, uses local memory, or calls a function of the program that might
     * @param irregular      whether a work-item's loops may run a number of times that depends on its data or its
     *                       place: a {@code while} or {@code do} loop, a {@code for} loop that is not counted between
     *                       bounds made of constants and scalar arguments, or a loop left early
     */
    record Result(String reason, boolean[] shapeAsked, boolean usesWorkGroups, boolean irregular) { }

    /** Work-item functions and built-ins whose effect depends on how the launch is cut into work-groups. */
    private static final Set<String> WORK_GROUP_FUNCTIONS = Set.of(
        "get_local_id", "get_local_size", "get_group_id", "get_num_groups", "get_local_linear_id", "barrier",
        "work_group_barrier", "async_work_group_copy", "async_work_group_strided_copy", "wait_group_events");

    static Result check(KernelSource kernel) {
        KernelChecker checker = new KernelChecker(kernel);
        checker.run();
        return new Result(checker.reason, checker.shapeAsked, checker.usesWorkGroups, checker.irregular);
    }

    private void run() {
        List<KernelSource.Param> params = kernel.params();
        for (int i = 0; i < params.size(); i++) {
            KernelSource.Param p = params.get(i);
            if (p.type().isImage()) {
                fail("image argument");
            } else if (p.pointers() > 1) {
                fail("pointer to pointer argument " + i);
            } else if (p.pointers() == 1 && !p.isBuffer() && !"local".equals(p.type().addressSpace())) {
                fail("pointer argument " + i + " without an address space");
            } else if (p.isBuffer()) {
                buffers.put(p.name(), i);
            }
            if ("local".equals(p.type().addressSpace())) {
                usesWorkGroups = true;
            }
        }
        findValuesFromMemory();
        Syntax.forEachStatement(kernel.body(), this::statement);
        Syntax.forEachExpression(kernel.body(), this::expression);
    }

    private void fail(String why) {
        if (reason == null) {
            reason = why;
        }
    }

    /**
     * The variables that may hold a value loaded from memory (directly or through other variables), found without
     * regard to order: a write index that uses one cannot be bounded by any launch.
     */
    private void findValuesFromMemory() {
        Map<String, List<Expr>> sources = new HashMap<>();
        Syntax.forEachStatement(kernel.body(), s -> {
            if (s instanceof Stmt.Declaration d) {
                d.vars().stream().filter(v -> v.init() != null)
                    .forEach(v -> sources.computeIfAbsent(v.name(), k -> new ArrayList<>()).add(v.init()));
            }
        });
        Syntax.forEachExpression(kernel.body(), e -> {
            if (e instanceof Expr.Assign a && Syntax.assignedVariable(a.target()) != null
                && !(a.target() instanceof Expr.Index)) {
                sources.computeIfAbsent(Syntax.assignedVariable(a.target()), k -> new ArrayList<>()).add(a.value());
            }
        });
        boolean changed = true;
        while (changed) {
            changed = false;
            for (var entry : sources.entrySet()) {
                if (!fromMemory.contains(entry.getKey())
                    && entry.getValue().stream().anyMatch(this::dependsOnMemory)) {
                    fromMemory.add(entry.getKey());
                    changed = true;
                }
            }
        }
    }

    private boolean dependsOnMemory(Expr e) {
        return Syntax.contains(e, x -> x instanceof Expr.Index
            || x instanceof Expr.Ident id && fromMemory.contains(id.name()));
    }

    private void statement(Stmt s) {
        if (s instanceof Stmt.While || s instanceof Stmt.DoWhile) {
            irregular = true;
        } else if (s instanceof Stmt.For f) {
            LoopShape shape = LoopShape.of(f);
            irregular |= shape == null || !launchConstant(shape.bound()) || !launchConstant(f.init())
                || leavesEarly(f.body());
        }
        if (s instanceof Stmt.Declaration d) {
            for (Stmt.Var v : d.vars()) {
                if (buffers.containsKey(v.name())) {
                    fail("argument " + buffers.get(v.name()) + " shadowed");
                }
                if (v.type().isImage()) {
                    fail("image type");
                }
                if ("local".equals(v.type().addressSpace())) {
                    usesWorkGroups = true;
                }
            }
        }
    }

    private void expression(Expr e) {
        if (e instanceof Expr.Ident id && buffers.containsKey(id.name()) && !allowedBare(id)) {
            fail("pointer arithmetic on argument " + buffers.get(id.name()));
        } else if (e instanceof Expr.Call call) {
            call(call);
        } else if (e instanceof Expr.Unary u && u.op().equals("&") && Syntax.contains(u.operand(), this::isBufferElement)) {
            fail("address of an element of argument " + bufferIn(u.operand()));
        } else if (e instanceof Expr.Cast cast && cast.type().isImage()) {
            fail("image type");
        } else if (Syntax.assignmentTarget(e) != null) {
            write(Syntax.assignmentTarget(e));
        }
    }

    /** Whether {@code e} is made of literals and scalar arguments only, so every work-item sees the same value. */
    private boolean launchConstant(Expr e) {
        return !Syntax.contains(e, x -> x instanceof Expr.Call || x instanceof Expr.Index
            || x instanceof Expr.Ident id && !scalarArgument(id.name()));
    }

    private boolean launchConstant(Stmt init) {
        if (init instanceof Stmt.Declaration d) {
            return d.vars().stream().allMatch(v -> v.init() == null || launchConstant(v.init()));
        }
        return init instanceof Stmt.ExprStmt x && x.expr() instanceof Expr.Assign a && launchConstant(a.value());
    }

    private boolean scalarArgument(String name) {
        return kernel.params().stream().anyMatch(p -> p.name().equals(name) && p.pointers() == 0);
    }

    /** Whether a {@code break} or {@code return} in {@code body} may end its loop early. */
    private static boolean leavesEarly(Stmt body) {
        boolean[] found = {false};
        Syntax.forEachStatement(body, x -> found[0] |= x instanceof Stmt.Break || x instanceof Stmt.Return);
        return found[0];
    }

    private boolean isBufferElement(Expr e) {
        return e instanceof Expr.Index ix && ix.base() instanceof Expr.Ident id && buffers.containsKey(id.name());
    }

    private int bufferIn(Expr e) {
        int[] found = {-1};
        Syntax.forEachSubexpression(e, x -> {
            if (x instanceof Expr.Ident id && buffers.containsKey(id.name())) {
                found[0] = buffers.get(id.name());
            }
        });
        return found[0];
    }

    /** A buffer's name is fine as {@code buf[i]} and as a {@code vloadN} argument (a read of the whole buffer). */
    private boolean allowedBare(Expr.Ident id) {
        boolean[] allowed = {false};
        Syntax.forEachExpression(kernel.body(), e -> {
            if (e instanceof Expr.Index ix && ix.base() == id
                || e instanceof Expr.Call c && c.name().startsWith("vload") && c.args().stream().anyMatch(a -> a == id)) {
                allowed[0] = true;
            }
        });
        return allowed[0];
    }

    private void call(Expr.Call call) {
        String name = call.name();
        if (WORK_GROUP_FUNCTIONS.contains(name) || name.startsWith("work_group_") || kernel.functions().contains(name)) {
            usesWorkGroups = true;
        }
        if (QUERIES_TAKING_A_DIMENSION.contains(name)) {
            if (!call.args().isEmpty() && call.args().get(0) instanceof Expr.IntLit lit && lit.value() >= 0) {
                if (lit.value() < 3) {
                    shapeAsked[(int) lit.value()] = true;
                }
            } else {
                Arrays.fill(shapeAsked, true);
            }
        } else if (name.equals("get_global_linear_id")) {
            Arrays.fill(shapeAsked, true);
        } else if (SHAPE_QUERIES.contains(name)) {
            fail(name + " would answer for a part");
        } else if (kernel.functions().contains(name) && kernel.functionsAskShape()) {
            // only the kernel's own body answers as in the whole launch (GeometryVariant)
            fail("function " + name + " may ask the launch's geometry");
        }
        for (Expr arg : call.args()) {
            int buffer = bufferIn(arg);
            if (buffer < 0 || name.startsWith("vload") && arg instanceof Expr.Ident) {
                continue;
            }
            if (name.startsWith("atomic_") || name.startsWith("atom_")) {
                fail("global atomic");
            } else if (name.startsWith("vstore")) {
                fail("vstore into argument " + buffer);
            } else if (kernel.functions().contains(name)) {
                fail("helper function " + name + " given argument " + buffer);
            } else {
                fail("argument " + buffer + " passed to " + name);
            }
        }
    }

    private void write(Expr target) {
        Expr element = target;
        while (element instanceof Expr.Member m) {
            element = m.base();
        }
        if (element instanceof Expr.Index ix && ix.base() instanceof Expr.Ident id && buffers.containsKey(id.name())) {
            int arg = buffers.get(id.name());
            if (kernel.params().get(arg).type().elementSize() < 0) {
                fail("write to argument " + arg + " of unknown element size");
            }
            if (dependsOnMemory(ix.index())) {
                fail("unknown write index of argument " + arg);
            }
        } else if (element instanceof Expr.Unary u && u.op().equals("*") && bufferIn(u.operand()) >= 0) {
            fail("write through a pointer into argument " + bufferIn(u.operand()));
        }
    }
}
