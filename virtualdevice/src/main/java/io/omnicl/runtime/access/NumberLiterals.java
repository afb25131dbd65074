package io.omnicl.runtime.access;

import java.util.Locale;

/** The values and C types of numeric and character literals. */
final class NumberLiterals {

    private NumberLiterals() {
    }

    static Expr parse(Token t) {
        String text = t.text().toLowerCase(Locale.ROOT);
        boolean hex = text.startsWith("0x");
        if (!hex && (text.contains(".") || text.contains("e") || text.endsWith("f") || text.endsWith("h"))
            || hex && (text.contains(".") || text.contains("p"))) {
            return new Expr.Opaque(t.text());
        }
        int end = text.length();
        while (end > 0 && (text.charAt(end - 1) == 'u' || text.charAt(end - 1) == 'l')) {
            end--;
        }
        String suffix = text.substring(end);
        String digits = text.substring(0, end);
        long value;
        try {
            if (hex) {
                value = Long.parseLong(digits.substring(2), 16);
            } else if (digits.length() > 1 && digits.startsWith("0")) {
                value = Long.parseLong(digits.substring(1), 8);
            } else {
                value = Long.parseLong(digits);
            }
        } catch (NumberFormatException e) {
            // beyond a long (or malformed): the analysis just does not know its value
            return new Expr.Opaque(t.text());
        }
        boolean unsigned = suffix.contains("u");
        boolean isLong = suffix.contains("l");
        boolean fitsInt = value <= Integer.MAX_VALUE;
        boolean fitsUint = value <= 0xFFFFFFFFL && (unsigned || hex || digits.startsWith("0"));
        IntType type;
        if (!isLong && fitsInt && !unsigned) {
            type = IntType.I32;
        } else if (!isLong && (fitsUint || unsigned && value <= 0xFFFFFFFFL)) {
            type = IntType.U32;
        } else {
            type = unsigned ? IntType.U64 : IntType.I64;
        }
        return new Expr.IntLit(value, type);
    }

    static Expr character(Token t) {
        String body = t.text().substring(1, t.text().length() - 1);
        if (body.length() == 1 && body.charAt(0) < 128) {
            return new Expr.IntLit(body.charAt(0), IntType.I32);
        }
        if (body.length() == 2 && body.charAt(0) == '\\') {
            int value = switch (body.charAt(1)) {
                case 'n' -> '\n';
                case 't' -> '\t';
                case 'r' -> '\r';
                case '0' -> 0;
                case 'a' -> 7;
                case 'b' -> '\b';
                case 'f' -> '\f';
                case 'v' -> 11;
                default -> body.charAt(1);
            };
            return new Expr.IntLit(value, IntType.I32);
        }
        return new Expr.Opaque(t.text());
    }
}
