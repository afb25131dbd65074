package io.omnicl.runtime.access;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads a program's top level: finds the kernel asked for and parses its parameters and body, notes every other
 * function (and whether any asks the launch's shape) and every typedef name, and skips the rest by matching brackets.
 */
final class ProgramParser {

    private final TokenCursor c;
    private final Set<String> typedefs;
    private final Set<String> functions = new HashSet<>();
    private boolean functionsAskShape;

    private ProgramParser(List<Token> tokens) {
        this.typedefs = new HashSet<>();
        this.c = new TokenCursor(tokens, typedefs, 0);
    }

    /** The kernel {@code kernelName} of the preprocessed {@code tokens}; throws SourceException. */
    static KernelSource parse(List<Token> tokens, String kernelName) {
        return new ProgramParser(tokens).kernel(kernelName);
    }

    private KernelSource kernel(String kernelName) {
        KernelSource found = null;
        while (c.peek().kind() != Token.Kind.END) {
            if (c.accept(";")) {
                continue;
            }
            KernelSource k = topLevelItem(found == null ? kernelName : null);
            if (k != null) {
                found = k;
            }
        }
        if (found == null) {
            throw new SourceException("no kernel named " + kernelName);
        }
        // a helper defined after the kernel may still have been declared before it and called
        functions.remove(found.name());
        return new KernelSource(found.name(), found.params(), found.body(), Set.copyOf(functions), functionsAskShape,
            found.loopCount());
    }

    /** One declaration or function definition; the kernel parsed when it is kernel {@code wanted}. */
    private KernelSource topLevelItem(String wanted) {
        boolean isTypedef = c.at("typedef");
        boolean isKernel = false;
        int paramsAt = -1;
        String name = null;
        String lastName = null;
        while (true) {
            Token t = c.peek();
            if (t.kind() == Token.Kind.END) {
                throw c.error("expected ';' or a function body");
            }
            if (t.is("__attribute__") || t.is("__attribute")) {
                c.skipAttributes();
                continue;
            }
            if (t.is("(")) {
                if (paramsAt < 0 && !isTypedef && lastName != null) {
                    paramsAt = c.position();
                    name = lastName;
                }
                c.next();
                c.skipBalanced("(", ")");
                continue;
            }
            if (t.is("{")) {
                if (paramsAt >= 0 && !isTypedef) {
                    return functionDefinition(name, paramsAt, isKernel && name.equals(wanted));
                }
                c.next();
                c.skipBalanced("{", "}");
                continue;
            }
            if (t.is(";")) {
                c.next();
                if (isTypedef && lastName != null) {
                    typedefs.add(lastName);
                } else if (paramsAt >= 0) {
                    functions.add(name);
                }
                return null;
            }
            if (t.kind() == Token.Kind.IDENT) {
                isKernel |= t.is("kernel") || t.is("__kernel");
                lastName = t.text();
            }
            c.next();
        }
    }

    private KernelSource functionDefinition(String name, int paramsAt, boolean parse) {
        functions.add(name);
        if (!parse) {
            functionsAskShape |= skipBodyAskingShape();
            return null;
        }
        int bodyAt = c.position();
        c.seek(paramsAt);
        List<KernelSource.Param> params = params();
        c.skipAttributes();
        if (c.position() != bodyAt) {
            throw c.error("expected the kernel's body");
        }
        StatementParser statements = new StatementParser(c);
        Stmt.Block body = statements.block();
        return new KernelSource(name, params, body, Set.of(), false, statements.loopCount());
    }

    /** Skips a function body, telling whether it calls a function that asks the launch's shape. */
    private boolean skipBodyAskingShape() {
        c.expect("{");
        boolean asks = false;
        int depth = 1;
        while (depth > 0) {
            Token t = c.next();
            if (t.kind() == Token.Kind.END) {
                throw SourceException.parseError(t.line(), "unbalanced '{'");
            }
            depth += t.is("{") ? 1 : t.is("}") ? -1 : 0;
            asks |= t.kind() == Token.Kind.IDENT && KernelChecker.SHAPE_QUERIES.contains(t.text());
        }
        return asks;
    }

    private List<KernelSource.Param> params() {
        c.expect("(");
        List<KernelSource.Param> params = new ArrayList<>();
        if (c.at("void") && c.peek(1).is(")")) {
            c.next();
        }
        if (c.accept(")")) {
            return params;
        }
        do {
            TypeSpec type = TypeSyntax.read(c);
            int pointers = TypeSyntax.readPointers(c);
            String name = c.expectIdent();
            while (c.accept("[")) {
                c.skipBalanced("[", "]");
                pointers++;
            }
            c.skipAttributes();
            params.add(new KernelSource.Param(name, type, pointers));
        } while (c.accept(","));
        c.expect(")");
        return params;
    }
}
