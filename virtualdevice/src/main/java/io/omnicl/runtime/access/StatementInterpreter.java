package io.omnicl.runtime.access;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the kernel's body once over the abstract domain for one part. Branches run on copies of the state and join;
 * a loop runs its body once with every variable it assigns unknown, except a counted loop's variable, which becomes
 * a symbol ranging over all its iterations.
 */
final class StatementInterpreter {

    private final KernelFacts facts;
    private final ExpressionEvaluator eval;
    private final Narrowing narrowing;
    /** For each open block, the variables it declared, with what each hid. */
    private final Deque<List<Hidden>> scopes = new ArrayDeque<>();

    /** A variable a declaration hid: its value before (null when there was no such variable). */
    private record Hidden(String name, Value value) { }

    private StatementInterpreter(KernelFacts facts, ExpressionEvaluator eval) {
        this.facts = facts;
        this.eval = eval;
        this.narrowing = new Narrowing(eval);
    }

    /** What one part reads and writes; throws WholeLaunch when it must run whole. */
    static List<ArgAccess> run(KernelFacts facts, Launch launch) {
        KernelSource kernel = facts.kernel();
        AccessLog log = new AccessLog(kernel, launch.bufferBytes);
        ExpressionEvaluator eval = new ExpressionEvaluator(kernel, facts.buffers(), launch, log);
        Map<String, Value> env = new HashMap<>();
        for (int i = 0; i < kernel.params().size(); i++) {
            if (launch.args[i] != null) {
                env.put(kernel.params().get(i).name(), launch.args[i]);
            }
        }
        eval.state = new FlowState(env, launch.box, false);
        eval.writes = new ArrayList<>();
        new StatementInterpreter(facts, eval).execute(kernel.body());
        return log.accesses(eval.writes);
    }

    private void execute(Stmt s) {
        if (!eval.state.reachable) {
            return;
        }
        if (s instanceof Stmt.Block b) {
            scopes.push(new ArrayList<>());
            b.body().forEach(this::execute);
            closeScope();
        } else if (s instanceof Stmt.Declaration d) {
            d.vars().forEach(this::declare);
        } else if (s instanceof Stmt.ExprStmt x) {
            eval.eval(x.expr());
        } else if (s instanceof Stmt.If i) {
            ifStatement(i);
        } else if (s instanceof Stmt.For f) {
            forLoop(f);
        } else if (s instanceof Stmt.While w) {
            loop(s, w.condition(), w.body());
        } else if (s instanceof Stmt.DoWhile d) {
            loop(s, d.condition(), d.body());
        } else if (s instanceof Stmt.Return r) {
            if (r.value() != null) {
                eval.eval(r.value());
            }
            eval.state.reachable = false;
        } else if (s instanceof Stmt.Break || s instanceof Stmt.Continue) {
            eval.state.reachable = false;
        }
    }

    private void declare(Stmt.Var v) {
        Value init = v.init() == null ? Value.UNKNOWN : eval.eval(v.init());
        IntType type = v.pointers() == 0 && !v.array() ? v.type().intType() : null;
        Value value = type == null ? Value.UNKNOWN : eval.convert(init, type);
        Value hidden = eval.state.env.put(v.name(), value);
        scopes.peek().add(new Hidden(v.name(), hidden));
    }

    private void closeScope() {
        List<Hidden> declared = scopes.pop();
        for (int i = declared.size() - 1; i >= 0; i--) {
            Hidden d = declared.get(i);
            if (d.value() == null) {
                eval.state.env.remove(d.name());
            } else {
                eval.state.env.put(d.name(), d.value());
            }
        }
    }

    /** How a branch ended: its final state, its own writes, and the box and exactness it was entered with. */
    private record Branch(FlowState end, List<WriteSite> writes, Box entry, boolean exact, boolean entered) { }

    private void ifStatement(Stmt.If s) {
        eval.eval(s.condition());
        FlowState parent = eval.state;
        List<WriteSite> parentWrites = eval.writes;
        int parentDepth = eval.guardDepth;
        Branch then = branch(s.then(), narrowing.narrow(s.condition(), true, parent.box), parent);
        Branch otherwise = branch(s.otherwise(), narrowing.narrow(s.condition(), false, parent.box), parent);
        eval.writes = parentWrites;
        eval.guardDepth = parentDepth;
        boolean unconditional = parentDepth == 0 && !parent.partial;
        mergeWrites(then, otherwise, parent.box, unconditional);
        eval.state = joined(then, otherwise, parent);
    }

    private Branch branch(Stmt body, Narrowing.Narrowed narrowed, FlowState parent) {
        if (narrowed.box() == null) {
            FlowState none = parent.fork(parent.box, false);
            none.reachable = false;
            return new Branch(none, List.of(), parent.box, true, false);
        }
        eval.state = parent.fork(narrowed.box(), false);
        eval.writes = new ArrayList<>();
        eval.guardDepth = 0;
        if (body != null) {
            execute(body);
        }
        return new Branch(eval.state, eval.writes, narrowed.box(), narrowed.exact(), true);
    }

    /**
     * Moves the branches' writes to the enclosing list. A write both branches make with the same index, each for all
     * its work-items, is made by every work-item of the parent; any other is unconditional only under an exact guard.
     */
    private void mergeWrites(Branch a, Branch b, Box parentBox, boolean unconditional) {
        List<WriteSite> unmatched = new ArrayList<>(b.writes());
        for (WriteSite w : a.writes()) {
            WriteSite twin = fullBranchWrite(w, a) ? unmatched.stream()
                .filter(x -> fullBranchWrite(x, b) && x.arg() == w.arg() && x.index().equals(w.index())
                    && x.wholeElement() == w.wholeElement())
                .findFirst().orElse(null) : null;
            if (twin != null) {
                unmatched.remove(twin);
                eval.writes.add(new WriteSite(w.arg(), w.index(), parentBox, unconditional, w.wholeElement()));
            } else {
                eval.writes.add(demoted(w, a, unconditional));
            }
        }
        unmatched.forEach(w -> eval.writes.add(demoted(w, b, unconditional)));
    }

    private static boolean fullBranchWrite(WriteSite w, Branch branch) {
        return w.unconditional() && w.box().equals(branch.entry());
    }

    private static WriteSite demoted(WriteSite w, Branch branch, boolean unconditional) {
        return new WriteSite(w.arg(), w.index(), w.box(), w.unconditional() && branch.exact() && unconditional,
            w.wholeElement());
    }

    private static FlowState joined(Branch a, Branch b, FlowState parent) {
        FlowState x = a.end();
        FlowState y = b.end();
        if (!x.reachable && !y.reachable) {
            FlowState none = parent.fork(parent.box, parent.partial);
            none.reachable = false;
            return none;
        }
        if (!x.reachable || !y.reachable) {
            Branch live = x.reachable ? a : b;
            Branch dead = x.reachable ? b : a;
            FlowState out = live.end();
            // the work-items that took the other branch left; the box tells which only if the guard was exact
            out.partial = parent.partial || out.partial || dead.entered() && !live.exact();
            return out;
        }
        boolean someLeft = x.partial || y.partial || !x.box.equals(a.entry()) || !y.box.equals(b.entry());
        return new FlowState(FlowState.join(x.env, y.env), parent.box, parent.partial || someLeft);
    }

    private void forLoop(Stmt.For f) {
        scopes.push(new ArrayList<>());
        if (f.init() != null) {
            execute(f.init());
        }
        FlowState before = eval.state;
        LoopShape shape = facts.shape(f);
        Value start = shape == null ? null : before.env.getOrDefault(shape.variable(), Value.UNKNOWN);
        before.forget(facts.assignedIn(f));
        long[] range = shape == null ? null
            : shape.range(start, eval.peek(shape.bound()), eval.peek(shape.step()), before.box);
        if (range == null) {
            runBody(before.fork(before.box, before.partial), f.condition(), f.body(), f.update());
        } else if (range[0] <= range[1]) {
            int symbol = Box.FIRST_LOOP + f.loopId();
            FlowState body = before.fork(before.box.with(symbol, range[0], range[1]), before.partial);
            body.env.put(shape.variable(), new Value(Affine.symbol(symbol, eval.symbols()), start.type()));
            runBody(body, f.condition(), f.body(), f.update());
        }
        eval.state = before;
        before.partial |= facts.returnsIn(f);
        closeScope();
    }

    private void loop(Stmt loop, Expr condition, Stmt body) {
        FlowState before = eval.state;
        before.forget(facts.assignedIn(loop));
        runBody(before.fork(before.box, before.partial), condition, body, null);
        eval.state = before;
        before.partial |= facts.returnsIn(loop);
    }

    /** One abstract pass over a loop's condition, body and update, each a point some iterations may not reach. */
    private void runBody(FlowState state, Expr condition, Stmt body, Expr update) {
        eval.state = state;
        eval.guardDepth++;
        if (condition != null) {
            eval.eval(condition);
        }
        execute(body);
        if (update != null) {
            eval.state.reachable = true;
            eval.eval(update);
        }
        eval.guardDepth--;
    }
}
