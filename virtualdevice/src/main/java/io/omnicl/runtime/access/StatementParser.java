package io.omnicl.runtime.access;

import java.util.ArrayList;
import java.util.List;

/** Recursive-descent parser of a function body's statements and local declarations. */
final class StatementParser {

    private final TokenCursor c;
    private final ExpressionParser expressions;
    private int loops;

    StatementParser(TokenCursor c) {
        this.c = c;
        this.expressions = new ExpressionParser(c);
    }

    /** How many {@code for} loops were read so far (each got its number in that order). */
    int loopCount() {
        return loops;
    }

    /** A block, the cursor on its opening brace. */
    Stmt.Block block() {
        c.expect("{");
        List<Stmt> body = new ArrayList<>();
        while (!c.accept("}")) {
            if (c.peek().kind() == Token.Kind.END) {
                throw c.error("expected '}'");
            }
            body.add(statement());
        }
        return new Stmt.Block(body);
    }

    private Stmt statement() {
        Token t = c.peek();
        if (t.is("{")) {
            return block();
        }
        if (c.accept(";")) {
            return new Stmt.Empty();
        }
        if (t.kind() == Token.Kind.IDENT) {
            switch (t.text()) {
                case "if" -> {
                    return ifStatement();
                }
                case "for" -> {
                    return forStatement();
                }
                case "while" -> {
                    c.next();
                    Expr cond = parenthesized();
                    return new Stmt.While(cond, statement());
                }
                case "do" -> {
                    c.next();
                    Stmt body = statement();
                    if (!c.accept("while")) {
                        throw c.error("expected 'while'");
                    }
                    Expr cond = parenthesized();
                    c.expect(";");
                    return new Stmt.DoWhile(body, cond);
                }
                case "return" -> {
                    c.next();
                    Expr value = c.at(";") ? null : expressions.expression();
                    c.expect(";");
                    return new Stmt.Return(value);
                }
                case "break", "continue" -> {
                    c.next();
                    c.expect(";");
                    return t.text().equals("break") ? new Stmt.Break() : new Stmt.Continue();
                }
                case "switch", "case", "default" -> throw new SourceException("switch statement at line " + t.line());
                case "goto" -> throw new SourceException("goto at line " + t.line());
                default -> {
                    if (startsDeclaration()) {
                        return declaration();
                    }
                }
            }
        }
        Expr e = expressions.expression();
        c.expect(";");
        return new Stmt.ExprStmt(e);
    }

    private Expr parenthesized() {
        c.expect("(");
        Expr e = expressions.expression();
        c.expect(")");
        return e;
    }

    private Stmt ifStatement() {
        c.next();
        Expr cond = parenthesized();
        Stmt then = statement();
        Stmt otherwise = c.accept("else") ? statement() : null;
        return new Stmt.If(cond, then, otherwise);
    }

    private Stmt forStatement() {
        c.next();
        int id = loops++;
        c.expect("(");
        Stmt init;
        if (c.accept(";")) {
            init = null;
        } else if (startsDeclaration()) {
            init = declaration();
        } else {
            init = new Stmt.ExprStmt(expressions.expression());
            c.expect(";");
        }
        Expr cond = c.at(";") ? null : expressions.expression();
        c.expect(";");
        Expr update = c.at(")") ? null : expressions.expression();
        c.expect(")");
        return new Stmt.For(init, cond, update, statement(), id);
    }

    /** A type starts here, or a name the program declared elsewhere used as one ({@code T x}, {@code T *x =}). */
    private boolean startsDeclaration() {
        if (TypeSyntax.startsType(c)) {
            return true;
        }
        Token second = c.peek(1);
        if (second.kind() == Token.Kind.IDENT) {
            return true;
        }
        return second.is("*") && c.peek(2).kind() == Token.Kind.IDENT
            && (c.peek(3).is("=") || c.peek(3).is(";") || c.peek(3).is(",") || c.peek(3).is("["));
    }

    private Stmt declaration() {
        TypeSpec type = TypeSyntax.read(c);
        List<Stmt.Var> vars = new ArrayList<>();
        do {
            int pointers = TypeSyntax.readPointers(c);
            String name = c.expectIdent();
            boolean array = false;
            while (c.accept("[")) {
                array = true;
                if (!c.at("]")) {
                    expressions.expression();
                }
                c.expect("]");
            }
            c.skipAttributes();
            Expr init = c.accept("=") ? expressions.initializer() : null;
            vars.add(new Stmt.Var(type, name, pointers, array, init));
        } while (c.accept(","));
        c.expect(";");
        return new Stmt.Declaration(vars);
    }
}
