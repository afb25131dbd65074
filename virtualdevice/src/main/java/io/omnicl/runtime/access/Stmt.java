package io.omnicl.runtime.access;

import java.util.List;

/** A statement of the kernel's body. */
sealed interface Stmt {

    record Block(List<Stmt> body) implements Stmt { }

    /** One declared variable; {@code init} may be null. */
    record Var(TypeSpec type, String name, int pointers, boolean array, Expr init) { }

    record Declaration(List<Var> vars) implements Stmt { }

    record ExprStmt(Expr expr) implements Stmt { }

    /** {@code otherwise} may be null. */
    record If(Expr condition, Stmt then, Stmt otherwise) implements Stmt { }

    /**
     * {@code init}, {@code condition} and {@code update} may be null.
     *
     * @param loopId numbers the for loops of a kernel from 0, so each can have its own symbol
     */
    record For(Stmt init, Expr condition, Expr update, Stmt body, int loopId) implements Stmt { }

    record While(Expr condition, Stmt body) implements Stmt { }

    record DoWhile(Stmt body, Expr condition) implements Stmt { }

    /** {@code value} may be null. */
    record Return(Expr value) implements Stmt { }

    record Break() implements Stmt { }

    record Continue() implements Stmt { }

    record Empty() implements Stmt { }
}
