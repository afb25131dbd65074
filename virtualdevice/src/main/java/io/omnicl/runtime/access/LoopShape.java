package io.omnicl.runtime.access;

/**
 * A counted {@code for} loop: {@code k = start; k < bound; k += step} (also {@code <=}, and {@code >}/{@code >=}
 * counting down), its variable assigned nowhere else in the loop. Its variable then ranges over an interval.
 *
 * @param op   the comparison with the variable on the left
 * @param step the amount added (counting up) or taken away (counting down) each iteration
 */
record LoopShape(String variable, String op, Expr bound, Expr step, boolean up) {

    /** The shape of {@code f}, or null when it is not a counted loop. */
    static LoopShape of(Stmt.For f) {
        String k = initialised(f.init());
        if (k == null || !(f.condition() instanceof Expr.Binary cond) || f.update() == null) {
            return null;
        }
        String op;
        Expr bound;
        if (cond.left() instanceof Expr.Ident id && id.name().equals(k)) {
            op = cond.op();
            bound = cond.right();
        } else if (cond.right() instanceof Expr.Ident id && id.name().equals(k)) {
            op = switch (cond.op()) {
                case "<" -> ">";
                case "<=" -> ">=";
                case ">" -> "<";
                case ">=" -> "<=";
                default -> "";
            };
            bound = cond.left();
        } else {
            return null;
        }
        boolean up = op.equals("<") || op.equals("<=");
        if (!up && !op.equals(">") && !op.equals(">=")) {
            return null;
        }
        Expr step = step(f.update(), k, up);
        if (step == null || Syntax.assignedIn(f.body()).contains(k)
            || Syntax.contains(f.condition(), e -> Syntax.assignmentTarget(e) != null)) {
            return null;
        }
        return new LoopShape(k, op, bound, step, up);
    }

    private static String initialised(Stmt init) {
        if (init instanceof Stmt.Declaration d && d.vars().size() == 1 && d.vars().get(0).init() != null) {
            return d.vars().get(0).name();
        }
        if (init instanceof Stmt.ExprStmt x && x.expr() instanceof Expr.Assign a && a.op().equals("=")
            && a.target() instanceof Expr.Ident id) {
            return id.name();
        }
        return null;
    }

    /** The step of {@code k++}, {@code k += c}, {@code k = k + c} (or their decrements when counting down). */
    private static Expr step(Expr update, String k, boolean up) {
        Expr.IntLit one = new Expr.IntLit(1, IntType.I32);
        if (update instanceof Expr.Step s && isVar(s.target(), k)) {
            return s.increment() == up ? one : null;
        }
        if (!(update instanceof Expr.Assign a) || !isVar(a.target(), k)) {
            return null;
        }
        if (a.op().equals(up ? "+=" : "-=")) {
            return a.value();
        }
        if (a.op().equals("=") && a.value() instanceof Expr.Binary b && b.op().equals(up ? "+" : "-")) {
            if (isVar(b.left(), k)) {
                return b.right();
            }
            if (up && isVar(b.right(), k)) {
                return b.left();
            }
        }
        return null;
    }

    private static boolean isVar(Expr e, String k) {
        return e instanceof Expr.Ident id && id.name().equals(k);
    }

    /**
     * The interval of values the variable takes in the body over {@code box} (lo greater than hi when no iteration
     * runs), or null when it cannot be bounded.
     */
    long[] range(Value start, Value boundValue, Value stepValue, Box box) {
        IntType type = IntType.common(start.type(), boundValue.type());
        if (!start.known() || !boundValue.known() || type == null || !stepValue.known()
            || !stepValue.affine().isConstant() || stepValue.affine().constantTerm() <= 0) {
            return null;
        }
        try {
            if (!type.signed && (!up || start.affine().min(box) < 0 || boundValue.affine().min(box) < 0)) {
                // unsigned comparisons of negative values, and counting down past zero, wrap around
                return null;
            }
            long lo = up ? start.affine().min(box) : boundValue.affine().min(box) + (op.equals(">") ? 1 : 0);
            long hi = up ? boundValue.affine().max(box) - (op.equals("<") ? 1 : 0) : start.affine().max(box);
            return start.type().holds(Math.min(lo, hi), hi) ? new long[] {lo, hi} : null;
        } catch (ArithmeticException e) {
            return null;
        }
    }
}
