package io.omnicl.runtime.access;

/**
 * One token of OpenCL C source.
 *
 * @param lineStart    whether it is the first token of its logical line (so a {@code #} there starts a directive)
 * @param spaceBefore  whether white space or a comment precedes it (tells {@code #define F(x)} from {@code #define F (x)})
 * @param offset       where it starts in the source it was read from (a macro's expansion keeps its definition's)
 */
record Token(Kind kind, String text, int line, boolean lineStart, boolean spaceBefore, int offset) {

    enum Kind { IDENT, NUMBER, CHAR, STRING, PUNCT, END }

    boolean is(String s) {
        return (kind == Kind.PUNCT || kind == Kind.IDENT) && text.equals(s);
    }

    Token at(int newLine, boolean newLineStart) {
        return new Token(kind, text, newLine, newLineStart, spaceBefore, offset);
    }
}
