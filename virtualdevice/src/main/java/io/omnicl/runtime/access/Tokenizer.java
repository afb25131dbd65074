package io.omnicl.runtime.access;

import java.util.ArrayList;
import java.util.List;

/** Splits OpenCL C source into tokens, dropping comments and line continuations. */
final class Tokenizer {

    private static final String[] PUNCTUATORS = {
        ">>=", "<<=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
        "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=", "##",
    };
    private static final String SINGLE_PUNCTUATORS = "{}[]()<>;:,.?!~+-*/%&|^=#\\";

    private final String src;
    private int pos;
    private int line = 1;
    private boolean lineStart = true;
    private boolean spaceBefore;

    private Tokenizer(String src) {
        this.src = src;
    }

    static List<Token> tokenize(String src) {
        return new Tokenizer(src).run();
    }

    private List<Token> run() {
        List<Token> out = new ArrayList<>();
        while (true) {
            skipSpaceAndComments();
            if (pos >= src.length()) {
                out.add(new Token(Token.Kind.END, "", line, true, true, pos));
                return out;
            }
            int start = pos;
            Token.Kind kind = scan();
            out.add(new Token(kind, src.substring(start, pos).replace("\\\n", ""), line, lineStart, spaceBefore, start));
            lineStart = false;
            spaceBefore = false;
        }
    }

    private void skipSpaceAndComments() {
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '\n') {
                line++;
                lineStart = true;
                spaceBefore = true;
                pos++;
            } else if (c == '\\' && pos + 1 < src.length() && src.charAt(pos + 1) == '\n') {
                line++;
                pos += 2;
            } else if (c == '\\' && src.startsWith("\r\n", pos + 1)) {
                line++;
                pos += 3;
            } else if (Character.isWhitespace(c)) {
                spaceBefore = true;
                pos++;
            } else if (src.startsWith("//", pos)) {
                while (pos < src.length() && src.charAt(pos) != '\n') {
                    pos++;
                }
                spaceBefore = true;
            } else if (src.startsWith("/*", pos)) {
                int end = src.indexOf("*/", pos + 2);
                if (end < 0) {
                    throw SourceException.parseError(line, "unterminated comment");
                }
                for (int i = pos; i < end; i++) {
                    if (src.charAt(i) == '\n') {
                        line++;
                        lineStart = true;
                    }
                }
                pos = end + 2;
                spaceBefore = true;
            } else {
                return;
            }
        }
    }

    private Token.Kind scan() {
        char c = src.charAt(pos);
        if (Character.isLetter(c) || c == '_') {
            while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_')) {
                pos++;
            }
            return Token.Kind.IDENT;
        }
        if (Character.isDigit(c) || (c == '.' && pos + 1 < src.length() && Character.isDigit(src.charAt(pos + 1)))) {
            scanNumber();
            return Token.Kind.NUMBER;
        }
        if (c == '\'' || c == '"') {
            scanQuoted(c);
            return c == '\'' ? Token.Kind.CHAR : Token.Kind.STRING;
        }
        for (String p : PUNCTUATORS) {
            if (src.startsWith(p, pos)) {
                pos += p.length();
                return Token.Kind.PUNCT;
            }
        }
        if (SINGLE_PUNCTUATORS.indexOf(c) >= 0) {
            pos++;
            return Token.Kind.PUNCT;
        }
        throw SourceException.parseError(line, "unexpected character '" + c + "'");
    }

    /** A preprocessing number: digits, letters, dots, and a sign right after an exponent letter. */
    private void scanNumber() {
        boolean hex = src.startsWith("0x", pos) || src.startsWith("0X", pos);
        String exponents = hex ? "pP" : "eE";
        pos++;
        while (pos < src.length()) {
            char c = src.charAt(pos);
            boolean exponentSign = (c == '+' || c == '-') && exponents.indexOf(src.charAt(pos - 1)) >= 0;
            if (!Character.isLetterOrDigit(c) && c != '.' && c != '_' && !exponentSign) {
                return;
            }
            pos++;
        }
    }

    private void scanQuoted(char quote) {
        pos++;
        while (pos < src.length() && src.charAt(pos) != quote) {
            if (src.charAt(pos) == '\n') {
                throw SourceException.parseError(line, "unterminated literal");
            }
            pos += src.charAt(pos) == '\\' ? 2 : 1;
        }
        if (pos >= src.length()) {
            throw SourceException.parseError(line, "unterminated literal");
        }
        pos++;
    }
}
