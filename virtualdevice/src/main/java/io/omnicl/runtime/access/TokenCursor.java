package io.omnicl.runtime.access;

import java.util.List;
import java.util.Set;

/** A position in a token list, and the type names declared so far (which decide what is a declaration or a cast). */
final class TokenCursor {

    private final List<Token> tokens;
    private final Set<String> typedefs;
    private int pos;

    TokenCursor(List<Token> tokens, Set<String> typedefs, int pos) {
        this.tokens = tokens;
        this.typedefs = typedefs;
        this.pos = pos;
    }

    Token peek() {
        return tokens.get(pos);
    }

    Token peek(int ahead) {
        return tokens.get(Math.min(pos + ahead, tokens.size() - 1));
    }

    Token next() {
        Token t = tokens.get(pos);
        if (t.kind() != Token.Kind.END) {
            pos++;
        }
        return t;
    }

    boolean at(String text) {
        return peek().is(text);
    }

    boolean accept(String text) {
        if (at(text)) {
            pos++;
            return true;
        }
        return false;
    }

    Token expect(String text) {
        if (!at(text)) {
            throw error("expected '" + text + "'");
        }
        return next();
    }

    String expectIdent() {
        if (peek().kind() != Token.Kind.IDENT) {
            throw error("expected a name");
        }
        return next().text();
    }

    SourceException error(String what) {
        Token t = peek();
        return SourceException.parseError(t.line(), what + (t.kind() == Token.Kind.END ? " at the end" : " at '" + t.text() + "'"));
    }

    int position() {
        return pos;
    }

    void seek(int position) {
        pos = position;
    }

    boolean isTypedef(String name) {
        return typedefs.contains(name);
    }

    /** Skips {@code __attribute__((...))} wherever the grammar allows one. */
    void skipAttributes() {
        while (at("__attribute__") || at("__attribute")) {
            next();
            expect("(");
            skipBalanced("(", ")");
        }
    }

    /** Skips to just after the closer matching an opener already consumed. */
    void skipBalanced(String open, String close) {
        int depth = 1;
        while (depth > 0) {
            Token t = next();
            if (t.kind() == Token.Kind.END) {
                throw SourceException.parseError(t.line(), "unbalanced '" + open + "'");
            }
            if (t.is(open)) {
                depth++;
            } else if (t.is(close)) {
                depth--;
            }
        }
    }
}
