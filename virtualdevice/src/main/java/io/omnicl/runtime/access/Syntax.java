package io.omnicl.runtime.access;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** Walks over the kernel's syntax tree: the children of a node, and the questions several passes ask of a subtree. */
final class Syntax {

    private Syntax() {
    }

    static List<Expr> children(Expr e) {
        if (e instanceof Expr.Unary x) {
            return List.of(x.operand());
        } else if (e instanceof Expr.Binary x) {
            return List.of(x.left(), x.right());
        } else if (e instanceof Expr.Assign x) {
            return List.of(x.target(), x.value());
        } else if (e instanceof Expr.Step x) {
            return List.of(x.target());
        } else if (e instanceof Expr.Conditional x) {
            return List.of(x.condition(), x.ifTrue(), x.ifFalse());
        } else if (e instanceof Expr.Call x) {
            return x.args();
        } else if (e instanceof Expr.Index x) {
            return List.of(x.base(), x.index());
        } else if (e instanceof Expr.Member x) {
            return List.of(x.base());
        } else if (e instanceof Expr.Cast x) {
            return List.of(x.operand());
        } else if (e instanceof Expr.Comma x) {
            return List.of(x.left(), x.right());
        } else if (e instanceof Expr.InitList x) {
            return x.items();
        }
        return List.of();
    }

    static boolean contains(Expr e, Predicate<Expr> p) {
        if (p.test(e)) {
            return true;
        }
        for (Expr child : children(e)) {
            if (contains(child, p)) {
                return true;
            }
        }
        return false;
    }

    /** Calls {@code visit} with each statement of {@code s}, {@code s} included, outermost first. */
    static void forEachStatement(Stmt s, Consumer<Stmt> visit) {
        visit.accept(s);
        if (s instanceof Stmt.Block b) {
            b.body().forEach(x -> forEachStatement(x, visit));
        } else if (s instanceof Stmt.If i) {
            forEachStatement(i.then(), visit);
            if (i.otherwise() != null) {
                forEachStatement(i.otherwise(), visit);
            }
        } else if (s instanceof Stmt.For f) {
            if (f.init() != null) {
                forEachStatement(f.init(), visit);
            }
            forEachStatement(f.body(), visit);
        } else if (s instanceof Stmt.While w) {
            forEachStatement(w.body(), visit);
        } else if (s instanceof Stmt.DoWhile d) {
            forEachStatement(d.body(), visit);
        }
    }

    /** The expressions a statement holds itself (not those of nested statements). */
    static List<Expr> ownExpressions(Stmt s) {
        List<Expr> out = new ArrayList<>();
        if (s instanceof Stmt.Declaration d) {
            d.vars().stream().filter(v -> v.init() != null).forEach(v -> out.add(v.init()));
        } else if (s instanceof Stmt.ExprStmt x) {
            out.add(x.expr());
        } else if (s instanceof Stmt.If i) {
            out.add(i.condition());
        } else if (s instanceof Stmt.For f) {
            addIfPresent(out, f.condition());
            addIfPresent(out, f.update());
        } else if (s instanceof Stmt.While w) {
            out.add(w.condition());
        } else if (s instanceof Stmt.DoWhile d) {
            out.add(d.condition());
        } else if (s instanceof Stmt.Return r) {
            addIfPresent(out, r.value());
        }
        return out;
    }

    private static void addIfPresent(List<Expr> out, Expr e) {
        if (e != null) {
            out.add(e);
        }
    }

    /** Every expression of {@code s} and its nested statements, with all their subexpressions. */
    static void forEachExpression(Stmt s, Consumer<Expr> visit) {
        forEachStatement(s, st -> ownExpressions(st).forEach(e -> forEachSubexpression(e, visit)));
    }

    static void forEachSubexpression(Expr e, Consumer<Expr> visit) {
        visit.accept(e);
        for (Expr child : children(e)) {
            forEachSubexpression(child, visit);
        }
    }

    /** The variable an assignment target changes ({@code v}, {@code v.x}, {@code v[i]}), or null. */
    static String assignedVariable(Expr target) {
        if (target instanceof Expr.Ident id) {
            return id.name();
        } else if (target instanceof Expr.Member m) {
            return assignedVariable(m.base());
        } else if (target instanceof Expr.Index ix) {
            return assignedVariable(ix.base());
        }
        return null;
    }

    /** The target an expression assigns ({@code x = }, {@code x += }, {@code x++}), or null when it assigns none. */
    static Expr assignmentTarget(Expr e) {
        if (e instanceof Expr.Assign a) {
            return a.target();
        } else if (e instanceof Expr.Step st) {
            return st.target();
        }
        return null;
    }

    /** Names of the variables {@code s} may assign (declarations are new variables, not assignments). */
    static Set<String> assignedIn(Stmt s) {
        Set<String> names = new HashSet<>();
        forEachExpression(s, e -> {
            Expr target = assignmentTarget(e);
            String v = target == null ? null : assignedVariable(target);
            if (v != null) {
                names.add(v);
            }
        });
        return names;
    }

    static boolean containsReturn(Stmt s) {
        boolean[] found = {false};
        forEachStatement(s, st -> found[0] |= st instanceof Stmt.Return);
        return found[0];
    }
}
