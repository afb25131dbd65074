package io.omnicl.runtime.access;

/**
 * Narrows a box by a condition: the work-items that make {@code cond} true (or false) lie in the box returned.
 * Comparisons of one symbol's affine form with a constant, joined by {@code &&} (or {@code ||} negated), narrow
 * exactly; anything else keeps the box and is marked inexact.
 */
final class Narrowing {

    /**
     * @param box   null when no work-item of the box satisfies the condition
     * @param exact whether exactly the work-items of {@code box} satisfy it (and only global ids were narrowed)
     */
    record Narrowed(Box box, boolean exact) {
        static final Narrowed NONE = new Narrowed(null, true);
    }

    private final ExpressionEvaluator evaluator;

    Narrowing(ExpressionEvaluator evaluator) {
        this.evaluator = evaluator;
    }

    Narrowed narrow(Expr cond, boolean truth, Box box) {
        if (Syntax.contains(cond, e -> Syntax.assignmentTarget(e) != null)) {
            return new Narrowed(box, false);
        }
        return by(cond, truth, box);
    }

    private Narrowed by(Expr e, boolean truth, Box box) {
        if (e instanceof Expr.Unary u && u.op().equals("!")) {
            return by(u.operand(), !truth, box);
        }
        if (e instanceof Expr.Binary b) {
            boolean and = b.op().equals("&&");
            if (and || b.op().equals("||")) {
                return and == truth ? both(b, truth, box) : either(b, truth, box);
            }
            String op = truth ? b.op() : negated(b.op());
            if (op != null) {
                return comparison(op, b.left(), b.right(), box);
            }
        }
        Value v = evaluator.peek(e);
        if (v.known() && v.affine().isConstant()) {
            return (v.affine().constantTerm() != 0) == truth ? new Narrowed(box, true) : Narrowed.NONE;
        }
        return new Narrowed(box, false);
    }

    private Narrowed both(Expr.Binary b, boolean truth, Box box) {
        Narrowed first = by(b.left(), truth, box);
        if (first.box() == null) {
            return first;
        }
        Narrowed second = by(b.right(), truth, first.box());
        return second.box() == null ? second : new Narrowed(second.box(), first.exact() && second.exact());
    }

    private Narrowed either(Expr.Binary b, boolean truth, Box box) {
        Narrowed first = by(b.left(), truth, box);
        Narrowed second = by(b.right(), truth, box);
        if (first.box() == null) {
            return second;
        }
        if (second.box() == null) {
            return first;
        }
        return new Narrowed(first.box().hull(second.box()), false);
    }

    private static String negated(String op) {
        return switch (op) {
            case "<" -> ">=";
            case "<=" -> ">";
            case ">" -> "<=";
            case ">=" -> "<";
            case "==" -> "!=";
            case "!=" -> "==";
            default -> null;
        };
    }

    /** {@code left op right}, as {@code a*s + b op 0} when their difference has one symbol s. */
    private Narrowed comparison(String op, Expr left, Expr right, Box box) {
        Value l = evaluator.peek(left);
        Value r = evaluator.peek(right);
        IntType type = IntType.common(l.type(), r.type());
        if (!l.known() || !r.known() || type == null) {
            return new Narrowed(box, false);
        }
        try {
            if (!type.signed && (l.affine().min(box) < 0 || r.affine().min(box) < 0)) {
                // a negative side would convert to a huge unsigned value; the affine order is not C's
                return new Narrowed(box, false);
            }
            Affine diff = l.affine().minus(r.affine());
            if (diff.isConstant()) {
                return holds(op, diff.constantTerm()) ? new Narrowed(box, true) : Narrowed.NONE;
            }
            int s = diff.onlySymbol();
            if (s < 0 || op.equals("!=")) {
                return new Narrowed(box, false);
            }
            Box narrowed = bySymbol(op, diff.coefficient(s), Math.negateExact(diff.constantTerm()), s, box);
            if (narrowed == null) {
                return Narrowed.NONE;
            }
            return new Narrowed(narrowed, narrowed == box || s < Box.LOCAL_ID);
        } catch (ArithmeticException e) {
            return new Narrowed(box, false);
        }
    }

    private static boolean holds(String op, long diff) {
        return switch (op) {
            case "<" -> diff < 0;
            case "<=" -> diff <= 0;
            case ">" -> diff > 0;
            case ">=" -> diff >= 0;
            case "==" -> diff == 0;
            default -> diff != 0;
        };
    }

    /** The box with symbol {@code s} limited to the values where {@code a*s op d}; null if none. */
    private static Box bySymbol(String op, long a, long d, int s, Box box) {
        return switch (op) {
            case "<" -> atMost(a, Math.subtractExact(d, 1), s, box);
            case "<=" -> atMost(a, d, s, box);
            case ">" -> atLeast(a, Math.addExact(d, 1), s, box);
            case ">=" -> atLeast(a, d, s, box);
            default -> d % a != 0 ? null : box.narrowed(s, d / a, d / a);
        };
    }

    /** {@code a*s <= d}. */
    private static Box atMost(long a, long d, int s, Box box) {
        return a > 0 ? box.narrowed(s, Long.MIN_VALUE, Math.floorDiv(d, a)) : box.narrowed(s, ceilDiv(d, a), Long.MAX_VALUE);
    }

    /** {@code a*s >= d}. */
    private static Box atLeast(long a, long d, int s, Box box) {
        return a > 0 ? box.narrowed(s, ceilDiv(d, a), Long.MAX_VALUE) : box.narrowed(s, Long.MIN_VALUE, Math.floorDiv(d, a));
    }

    private static long ceilDiv(long x, long y) {
        return -Math.floorDiv(Math.negateExact(x), y);
    }
}
