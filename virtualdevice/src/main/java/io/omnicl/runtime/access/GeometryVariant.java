package io.omnicl.runtime.access;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The variant of a kernel a part of a cut launch runs as, so that its work-items see the whole launch's geometry:
 * the kernel takes one more argument, a {@code ulong8} telling the cut dimension, the whole launch's size and offset
 * along it, the part's first work-group and the whole launch's group count; within the kernel's body (and only
 * there), {@code get_global_size}, {@code get_global_offset}, {@code get_group_id}, {@code get_num_groups} and
 * {@code get_global_linear_id} answer from it. The program's other kernels and functions are left as they are.
 */
public final class GeometryVariant {

    /** Bytes of the added argument's value. */
    public static final int ARGUMENT_BYTES = 64;

    private static final String PARAMETER = "omnicl_cut";

    private static final String FUNCTIONS = String.join("\n",
        "size_t omnicl_cut_global_size(uint d, ulong8 c) { return d == c.s0 ? (size_t) c.s1 : get_global_size(d); }",
        "size_t omnicl_cut_global_offset(uint d, ulong8 c) { return d == c.s0 ? (size_t) c.s2 : get_global_offset(d); }",
        "size_t omnicl_cut_group_id(uint d, ulong8 c) { return d == c.s0 ? get_group_id(d) + (size_t) c.s3 : get_group_id(d); }",
        "size_t omnicl_cut_num_groups(uint d, ulong8 c) { return d == c.s0 ? (size_t) c.s4 : get_num_groups(d); }",
        "size_t omnicl_cut_global_linear_id(ulong8 c) {",
        "    size_t id = 0;",
        "    for (int d = (int) get_work_dim() - 1; d >= 0; d--) {",
        "        id = id * omnicl_cut_global_size(d, c) + get_global_id(d) - omnicl_cut_global_offset(d, c);",
        "    }",
        "    return id;",
        "}",
        "");

    private static final String DEFINES = String.join("\n",
        "",
        "#define get_global_size(d) omnicl_cut_global_size((d), " + PARAMETER + ")",
        "#define get_global_offset(d) omnicl_cut_global_offset((d), " + PARAMETER + ")",
        "#define get_group_id(d) omnicl_cut_group_id((d), " + PARAMETER + ")",
        "#define get_num_groups(d) omnicl_cut_num_groups((d), " + PARAMETER + ")",
        "#define get_global_linear_id() omnicl_cut_global_linear_id(" + PARAMETER + ")",
        "");

    private static final String UNDEFINES = String.join("\n",
        "",
        "#undef get_global_size",
        "#undef get_global_offset",
        "#undef get_group_id",
        "#undef get_num_groups",
        "#undef get_global_linear_id",
        "");

    private GeometryVariant() {
    }

    /**
     * The program's source with kernel {@code kernelName} made the variant (its added argument last), or null when
     * the source does not define the kernel once, in plain sight (not made by a macro, nor twice under {@code #if},
     * nor with a directive within its body).
     */
    public static String source(String programSource, String kernelName) {
        List<Token> all;
        try {
            all = Tokenizer.tokenize(programSource);
        } catch (SourceException e) {
            return null;
        }
        List<Token> tokens = withoutDirectives(all);
        List<Edit> edits = new ArrayList<>();
        int definitions = 0;
        int itemStart = 0;
        int i = 0;
        while (i < tokens.size() - 1) {
            Token t = tokens.get(i);
            if (t.is(";") || t.is("}")) {
                itemStart = i + 1;
                i++;
            } else if (t.is("{") || t.is("(") && !isKernelName(tokens, i - 1, itemStart, kernelName)) {
                i = closing(tokens, i);
                if (i < 0) {
                    return null;
                }
                if (t.is("{")) {
                    itemStart = i + 1;
                }
                i++;
            } else if (t.is("(")) {
                int close = closing(tokens, i);
                if (close < 0) {
                    return null;
                }
                edits.add(parameterEdit(tokens, i, close));
                int next = afterAttributes(tokens, close + 1);
                if (next < 0) {
                    return null;
                }
                if (tokens.get(next).is("{")) {
                    int end = closing(tokens, next);
                    if (end < 0) {
                        return null;
                    }
                    if (directiveWithin(all, tokens.get(itemStart).offset(), tokens.get(end).offset())) {
                        // a branch of an #if may hold braces: where the body ends is not plain
                        return null;
                    }
                    definitions++;
                    edits.add(new Edit(tokens.get(itemStart).offset(), tokens.get(itemStart).offset(), DEFINES));
                    int after = tokens.get(end).offset() + 1;
                    edits.add(new Edit(after, after, UNDEFINES));
                    next = end;
                }
                itemStart = next + 1;
                i = next + 1;
            } else {
                i++;
            }
        }
        if (definitions != 1) {
            return null;
        }
        StringBuilder out = new StringBuilder(programSource);
        edits.sort((a, b) -> Integer.compare(b.from, a.from));
        for (Edit e : edits) {
            out.replace(e.from, e.to, e.text);
        }
        return FUNCTIONS + out;
    }

    /**
     * The added argument's value for a part whose global ids along {@code dim} start at {@code from}, of a launch
     * whose geometry is {@code whole}: in the host's byte order.
     */
    public static byte[] argument(Geometry whole, int dim, long from) {
        long firstGroup = whole.local() == null ? 0 : whole.groupOf(dim, from);
        long groups = whole.local() == null ? 0 : whole.groups(dim);
        ByteBuffer b = ByteBuffer.allocate(ARGUMENT_BYTES).order(ByteOrder.nativeOrder());
        b.putLong(dim).putLong(whole.global()[dim]).putLong(whole.offset()[dim]).putLong(firstGroup).putLong(groups);
        return b.array();
    }

    private record Edit(int from, int to, String text) {
    }

    /** Tokens outside preprocessor directives: a directive's line is text the edits leave alone. */
    private static List<Token> withoutDirectives(List<Token> tokens) {
        List<Token> out = new ArrayList<>();
        boolean inDirective = false;
        for (Token t : tokens) {
            if (t.lineStart()) {
                inDirective = t.is("#");
            }
            if (!inDirective || t.kind() == Token.Kind.END) {
                out.add(t);
            }
        }
        return out;
    }

    /** Whether a preprocessor directive starts between source offsets {@code from} and {@code to}. */
    private static boolean directiveWithin(List<Token> tokens, int from, int to) {
        for (Token t : tokens) {
            if (t.lineStart() && t.is("#") && t.offset() > from && t.offset() < to) {
                return true;
            }
        }
        return false;
    }

    /** Whether token {@code at} names the kernel, in a declaration that says {@code kernel} since {@code itemStart}. */
    private static boolean isKernelName(List<Token> tokens, int at, int itemStart, String kernelName) {
        if (at < itemStart || !tokens.get(at).is(kernelName)) {
            return false;
        }
        for (int j = itemStart; j < at; j++) {
            if (tokens.get(j).is("kernel") || tokens.get(j).is("__kernel")) {
                return true;
            }
        }
        return false;
    }

    /** The index of the bracket closing the one at {@code open}, or -1. */
    private static int closing(List<Token> tokens, int open) {
        String o = tokens.get(open).text();
        String c = o.equals("(") ? ")" : o.equals("{") ? "}" : "]";
        int depth = 0;
        for (int j = open; j < tokens.size(); j++) {
            Token t = tokens.get(j);
            depth += t.is(o) ? 1 : t.is(c) ? -1 : 0;
            if (depth == 0) {
                return j;
            }
        }
        return -1;
    }

    /** The first token from {@code at} that is not part of an {@code __attribute__((...))}, or -1. */
    private static int afterAttributes(List<Token> tokens, int at) {
        int j = at;
        while (tokens.get(j).is("__attribute__") || tokens.get(j).is("__attribute")) {
            if (!tokens.get(j + 1).is("(")) {
                return -1;
            }
            j = closing(tokens, j + 1);
            if (j < 0) {
                return -1;
            }
            j++;
        }
        return tokens.get(j).kind() == Token.Kind.END ? -1 : j;
    }

    /** Adds the parameter before the closing bracket, in place of an empty list or {@code void}. */
    private static Edit parameterEdit(List<Token> tokens, int open, int close) {
        String parameter = "ulong8 " + PARAMETER;
        boolean empty = close == open + 1 || close == open + 2 && tokens.get(open + 1).is("void");
        int closeAt = tokens.get(close).offset();
        return empty ? new Edit(tokens.get(open).offset() + 1, closeAt, parameter)
            : new Edit(closeAt, closeAt, ", " + parameter);
    }
}
