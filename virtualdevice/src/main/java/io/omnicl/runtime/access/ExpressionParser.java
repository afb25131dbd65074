package io.omnicl.runtime.access;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Recursive-descent parser of C expressions, with C's precedence and associativity. */
final class ExpressionParser {

    private static final Set<String> ASSIGNMENTS = Set.of("=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^=");
    /** Binary operators by precedence level, loosest first. */
    private static final List<Set<String>> LEVELS = List.of(
        Set.of("||"), Set.of("&&"), Set.of("|"), Set.of("^"), Set.of("&"), Set.of("==", "!="),
        Set.of("<", "<=", ">", ">="), Set.of("<<", ">>"), Set.of("+", "-"), Set.of("*", "/", "%"));

    private static final Set<String> PREFIX_OPERATORS = Set.of("-", "+", "!", "~", "*", "&");

    private final TokenCursor c;

    ExpressionParser(TokenCursor c) {
        this.c = c;
    }

    /** A full expression, commas included. */
    Expr expression() {
        Expr e = assignment();
        while (c.accept(",")) {
            e = new Expr.Comma(e, assignment());
        }
        return e;
    }

    Expr assignment() {
        Expr left = conditional();
        if (c.peek().kind() == Token.Kind.PUNCT && ASSIGNMENTS.contains(c.peek().text())) {
            String op = c.next().text();
            return new Expr.Assign(op, left, assignment());
        }
        return left;
    }

    /** An initializer: an assignment expression or a brace list. */
    Expr initializer() {
        if (!c.accept("{")) {
            return assignment();
        }
        List<Expr> items = new ArrayList<>();
        while (!c.accept("}")) {
            items.add(initializer());
            if (!c.at("}")) {
                c.expect(",");
            }
        }
        return new Expr.InitList(items);
    }

    private Expr conditional() {
        Expr cond = binary(0);
        if (!c.accept("?")) {
            return cond;
        }
        Expr ifTrue = expression();
        c.expect(":");
        return new Expr.Conditional(cond, ifTrue, conditional());
    }

    private Expr binary(int level) {
        if (level == LEVELS.size()) {
            return unary();
        }
        Expr left = binary(level + 1);
        while (c.peek().kind() == Token.Kind.PUNCT && LEVELS.get(level).contains(c.peek().text())) {
            String op = c.next().text();
            left = new Expr.Binary(op, left, binary(level + 1));
        }
        return left;
    }

    private Expr unary() {
        Token t = c.peek();
        if (t.is("++") || t.is("--")) {
            c.next();
            return new Expr.Step(unary(), t.is("++"), true);
        }
        if (t.kind() == Token.Kind.PUNCT && PREFIX_OPERATORS.contains(t.text())) {
            c.next();
            return new Expr.Unary(t.text(), unary());
        }
        if (t.is("sizeof")) {
            c.next();
            if (c.at("(") && isTypeAt(1)) {
                c.next();
                TypeSyntax.read(c);
                TypeSyntax.readPointers(c);
                c.expect(")");
            } else {
                unary();
            }
            return new Expr.Opaque("sizeof");
        }
        if (t.is("(") && isTypeAt(1)) {
            c.next();
            TypeSpec type = TypeSyntax.read(c);
            int pointers = TypeSyntax.readPointers(c);
            c.expect(")");
            return new Expr.Cast(type, pointers, unary());
        }
        return postfix(primary());
    }

    private boolean isTypeAt(int ahead) {
        int saved = c.position();
        c.seek(saved + ahead);
        boolean type = TypeSyntax.startsType(c);
        c.seek(saved);
        return type;
    }

    private Expr postfix(Expr e) {
        while (true) {
            if (c.accept("[")) {
                Expr index = expression();
                c.expect("]");
                e = new Expr.Index(e, index);
            } else if (c.at("(") && e instanceof Expr.Ident id) {
                c.next();
                List<Expr> args = new ArrayList<>();
                if (!c.accept(")")) {
                    do {
                        args.add(assignment());
                    } while (c.accept(","));
                    c.expect(")");
                }
                e = new Expr.Call(id.name(), args);
            } else if (c.accept(".") || c.accept("->")) {
                e = new Expr.Member(e, c.expectIdent());
            } else if (c.at("++") || c.at("--")) {
                e = new Expr.Step(e, c.next().is("++"), false);
            } else {
                return e;
            }
        }
    }

    private Expr primary() {
        Token t = c.next();
        switch (t.kind()) {
            case IDENT -> {
                return new Expr.Ident(t.text());
            }
            case NUMBER -> {
                return NumberLiterals.parse(t);
            }
            case CHAR -> {
                return NumberLiterals.character(t);
            }
            case STRING -> {
                return new Expr.Opaque(t.text());
            }
            default -> {
                if (t.is("(")) {
                    Expr inner = expression();
                    c.expect(")");
                    return inner;
                }
                c.seek(c.position() - 1);
                throw c.error("expected an expression");
            }
        }
    }
}
