package io.omnicl.runtime.access;

import java.util.List;

/** An expression of the kernel's body. */
sealed interface Expr {

    /** An integer literal (or character literal) whose value and type C fixes. */
    record IntLit(long value, IntType type) implements Expr { }

    /** A value the analysis does not model: floating literals, strings, {@code sizeof}, integers beyond a long. */
    record Opaque(String text) implements Expr { }

    record Ident(String name) implements Expr { }

    /** Unary {@code - + ! ~ * &}. */
    record Unary(String op, Expr operand) implements Expr { }

    record Binary(String op, Expr left, Expr right) implements Expr { }

    /** {@code target op value} with op {@code =} or a compound assignment such as {@code +=}. */
    record Assign(String op, Expr target, Expr value) implements Expr { }

    /** {@code ++x}, {@code x++}, {@code --x}, {@code x--}. */
    record Step(Expr target, boolean increment, boolean prefix) implements Expr { }

    record Conditional(Expr condition, Expr ifTrue, Expr ifFalse) implements Expr { }

    record Call(String name, List<Expr> args) implements Expr { }

    record Index(Expr base, Expr index) implements Expr { }

    /** {@code base.name} or {@code base->name}: a vector component or a struct field. */
    record Member(Expr base, String name) implements Expr { }

    record Cast(TypeSpec type, int pointers, Expr operand) implements Expr { }

    record Comma(Expr left, Expr right) implements Expr { }

    /** A brace-enclosed initializer. */
    record InitList(List<Expr> items) implements Expr { }
}
