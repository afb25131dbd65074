package io.omnicl.runtime.access;

import java.util.List;
import java.util.Map;

/**
 * Evaluates expressions over the affine domain for one part, noting each buffer access on the way. Integer values
 * stay exact only while C would compute them without wrapping around; anything else is unknown.
 */
final class ExpressionEvaluator {

    private final KernelSource kernel;
    private final Map<String, Integer> buffers;
    private final Launch launch;
    private final AccessLog log;
    private final int symbols;

    /** The state evaluation reads and changes; the statement interpreter moves it between branches. */
    FlowState state;
    /** Writes go here; a branch collects its own before they are merged. */
    List<WriteSite> writes;
    /** How many loops and conditions that are not guards enclose the current point (within the current branch). */
    int guardDepth;
    /** When set, evaluation changes nothing and notes no access (a condition evaluated again to narrow). */
    private boolean quiet;

    ExpressionEvaluator(KernelSource kernel, Map<String, Integer> buffers, Launch launch, AccessLog log) {
        this.kernel = kernel;
        this.buffers = buffers;
        this.launch = launch;
        this.log = log;
        this.symbols = Box.FIRST_LOOP + kernel.loopCount();
    }

    int symbols() {
        return symbols;
    }

    /** The value of {@code e} without side effects or accesses noted. */
    Value peek(Expr e) {
        boolean was = quiet;
        quiet = true;
        try {
            return eval(e);
        } finally {
            quiet = was;
        }
    }

    Value eval(Expr e) {
        if (e instanceof Expr.IntLit lit) {
            return new Value(Affine.constant(lit.value(), symbols), lit.type());
        } else if (e instanceof Expr.Ident id) {
            return state.env.getOrDefault(id.name(), Value.UNKNOWN);
        } else if (e instanceof Expr.Unary u) {
            return unary(u);
        } else if (e instanceof Expr.Binary b) {
            return binary(b);
        } else if (e instanceof Expr.Assign a) {
            return assign(a.target(), a.op(), eval(a.value()));
        } else if (e instanceof Expr.Step s) {
            Value old = eval(s.target());
            Value updated = assign(s.target(), s.increment() ? "+=" : "-=", constant(1, IntType.I32));
            return s.prefix() ? updated : old;
        } else if (e instanceof Expr.Conditional c) {
            eval(c.condition());
            guardDepth++;
            Value a = eval(c.ifTrue());
            Value b = eval(c.ifFalse());
            guardDepth--;
            return a.known() && a.equals(b) ? a : Value.unknown(IntType.common(a.type(), b.type()));
        } else if (e instanceof Expr.Call call) {
            return call(call);
        } else if (e instanceof Expr.Index ix) {
            return index(ix);
        } else if (e instanceof Expr.Cast cast) {
            Value v = eval(cast.operand());
            return cast.pointers() > 0 ? Value.UNKNOWN : convert(v, cast.type().intType());
        } else if (e instanceof Expr.Comma c) {
            eval(c.left());
            return eval(c.right());
        }
        for (Expr child : Syntax.children(e)) {
            eval(child);
        }
        return Value.UNKNOWN;
    }

    Value constant(long v, IntType type) {
        return new Value(Affine.constant(v, symbols), type);
    }

    /** {@code v} converted to {@code type} as C does: kept exact when every value fits, else unknown. */
    Value convert(Value v, IntType type) {
        if (type == null) {
            return Value.UNKNOWN;
        }
        return checked(v.affine(), type);
    }

    /** {@code a} as a value of {@code type}, or unknown when some value over the box would not fit it. */
    private Value checked(Affine a, IntType type) {
        if (a == null || type == null) {
            return Value.unknown(type);
        }
        try {
            return type.holds(a.min(state.box), a.max(state.box)) ? new Value(a, type) : Value.unknown(type);
        } catch (ArithmeticException e) {
            return Value.unknown(type);
        }
    }

    private Value unary(Expr.Unary u) {
        Value v = eval(u.operand());
        IntType type = v.type() == null ? null : v.type().promoted();
        return switch (u.op()) {
            case "-" -> arithmetic("-", constant(0, IntType.I32), v);
            case "+" -> convert(v, type);
            case "!" -> Value.unknown(IntType.I32);
            case "~" -> Value.unknown(type);
            default -> Value.UNKNOWN;
        };
    }

    private Value binary(Expr.Binary b) {
        if (b.op().equals("&&") || b.op().equals("||")) {
            eval(b.left());
            guardDepth++;
            eval(b.right());
            guardDepth--;
            return Value.unknown(IntType.I32);
        }
        Value l = eval(b.left());
        Value r = eval(b.right());
        return switch (b.op()) {
            case "<", "<=", ">", ">=", "==", "!=" -> Value.unknown(IntType.I32);
            default -> arithmetic(b.op(), l, r);
        };
    }

    /** {@code l op r} for an arithmetic or bitwise operator, in C's type for it. */
    Value arithmetic(String op, Value l, Value r) {
        IntType type = IntType.common(l.type(), r.type());
        if (!l.known() || !r.known() || type == null) {
            return Value.unknown(type);
        }
        Affine a = l.affine();
        Affine b = r.affine();
        try {
            Affine result = switch (op) {
                case "+" -> a.plus(b);
                case "-" -> a.minus(b);
                case "*" -> a.isConstant() ? b.times(a.constantTerm()) : b.isConstant() ? a.times(b.constantTerm()) : null;
                case "<<" -> b.isConstant() && b.constantTerm() >= 0 && b.constantTerm() < type.bits
                    ? a.times(1L << b.constantTerm()) : null;
                default -> folded(op, a, b, type);
            };
            return checked(result, type);
        } catch (ArithmeticException e) {
            return Value.unknown(type);
        }
    }

    /** The other operators, computed only on constants (and, for unsigned types, non-negative ones). */
    private Affine folded(String op, Affine a, Affine b, IntType type) {
        if (!a.isConstant() || !b.isConstant()) {
            return null;
        }
        long x = a.constantTerm();
        long y = b.constantTerm();
        if ((x < 0 || y < 0) && (!type.signed || !op.equals("/") && !op.equals("%"))) {
            return null;
        }
        Long v = switch (op) {
            case "/" -> y == 0 ? null : x / y;
            case "%" -> y == 0 ? null : x % y;
            case ">>" -> y < type.bits ? x >> y : null;
            case "&" -> x & y;
            case "|" -> x | y;
            case "^" -> x ^ y;
            default -> null;
        };
        return v == null ? null : Affine.constant(v, symbols);
    }

    /** Assigns {@code value} (combined by a compound {@code op}) to {@code target}; returns what was stored. */
    private Value assign(Expr target, String op, Value value) {
        boolean compound = !op.equals("=");
        String arithmeticOp = compound ? op.substring(0, op.length() - 1) : null;
        if (target instanceof Expr.Ident id) {
            Value old = state.env.get(id.name());
            if (old == null) {
                return Value.UNKNOWN;
            }
            Value stored = convert(compound ? arithmetic(arithmeticOp, old, value) : value, old.type());
            if (!quiet) {
                state.env.put(id.name(), stored);
            }
            return stored;
        }
        Expr element = target;
        while (element instanceof Expr.Member m) {
            element = m.base();
        }
        if (element instanceof Expr.Index ix && ix.base() instanceof Expr.Ident id && buffers.containsKey(id.name())) {
            int arg = buffers.get(id.name());
            Value index = eval(ix.index());
            if (!quiet) {
                if (compound) {
                    log.read(arg, index.affine(), state.box);
                }
                write(arg, index, element == target);
            }
            return Value.UNKNOWN;
        }
        if (element instanceof Expr.Index || element instanceof Expr.Unary) {
            eval(element);
            return Value.UNKNOWN;
        }
        if (target instanceof Expr.Member m && m.base() instanceof Expr.Ident id) {
            // a component of a vector variable: the variable no longer has a known value
            if (!quiet && state.env.containsKey(id.name())) {
                state.env.put(id.name(), Value.unknown(state.env.get(id.name()).type()));
            }
            return Value.UNKNOWN;
        }
        throw new WholeLaunch("unsupported assignment target");
    }

    private void write(int arg, Value index, boolean wholeElement) {
        if (!index.known()) {
            throw new WholeLaunch("unknown write index of argument " + arg);
        }
        writes.add(new WriteSite(arg, index.affine(), state.box, guardDepth == 0 && !state.partial, wholeElement));
    }

    private Value index(Expr.Index ix) {
        if (ix.base() instanceof Expr.Ident id && buffers.containsKey(id.name())) {
            int arg = buffers.get(id.name());
            Value index = eval(ix.index());
            if (!quiet) {
                log.read(arg, index.affine(), state.box);
            }
            return Value.unknown(kernel.params().get(arg).type().intType());
        }
        eval(ix.base());
        eval(ix.index());
        return Value.UNKNOWN;
    }

    private Value call(Expr.Call call) {
        List<Expr> args = call.args();
        if (call.name().startsWith("vload")) {
            for (Expr a : args) {
                if (a instanceof Expr.Ident id && buffers.containsKey(id.name())) {
                    if (!quiet) {
                        log.readWhole(buffers.get(id.name()));
                    }
                } else {
                    eval(a);
                }
            }
            return Value.UNKNOWN;
        }
        Value[] values = new Value[args.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = eval(args.get(i));
        }
        if (call.name().equals("get_work_dim")) {
            return constant(launch.workDim, IntType.U32);
        }
        if (values.length != 1 || !values[0].known() || !values[0].affine().isConstant()) {
            return Value.UNKNOWN;
        }
        long d = values[0].affine().constantTerm();
        return WorkItemFunctions.value(call.name(), d, launch, symbols);
    }
}
