package io.omnicl.runtime.access;

import java.util.Set;

/** Reads type specifiers and qualifiers: the one grammar that parameters, declarations and casts share. */
final class TypeSyntax {

    private static final Set<String> ADDRESS_SPACES = Set.of(
        "__global", "global", "__local", "local", "__constant", "constant", "__private", "private");
    private static final Set<String> ACCESS = Set.of(
        "__read_only", "read_only", "__write_only", "write_only", "__read_write", "read_write");
    private static final Set<String> OTHER_QUALIFIERS = Set.of("const", "restrict", "__restrict", "volatile");

    private TypeSyntax() {
    }

    static boolean isQualifier(String word) {
        return ADDRESS_SPACES.contains(word) || ACCESS.contains(word) || OTHER_QUALIFIERS.contains(word);
    }

    /** Whether a type starts at the cursor (a name the program declared as a type counts). */
    static boolean startsType(TokenCursor c) {
        Token t = c.peek();
        if (t.kind() != Token.Kind.IDENT) {
            return false;
        }
        String w = t.text();
        return isQualifier(w) || w.equals("unsigned") || w.equals("signed") || w.equals("struct") || w.equals("union")
            || w.equals("enum") || w.equals("pipe") || TypeSpec.isBuiltinTypeName(w) || c.isTypedef(w);
    }

    /** Reads qualifiers and a type name (an unknown name is taken as a type the program declared). */
    static TypeSpec read(TokenCursor c) {
        String space = null;
        boolean access = false;
        String base = null;
        while (true) {
            Token t = c.peek();
            if (t.kind() != Token.Kind.IDENT) {
                break;
            }
            String w = t.text();
            if (ADDRESS_SPACES.contains(w)) {
                space = w.startsWith("__") ? w.substring(2) : w;
                c.next();
            } else if (ACCESS.contains(w)) {
                access = true;
                c.next();
            } else if (OTHER_QUALIFIERS.contains(w) || w.equals("pipe")) {
                access |= w.equals("pipe");
                c.next();
            } else if (w.startsWith("__attribute")) {
                c.skipAttributes();
            } else if (base == null) {
                base = readBase(c);
            } else {
                break;
            }
        }
        if (base == null) {
            throw c.error("expected a type");
        }
        return new TypeSpec(base, space, access);
    }

    private static String readBase(TokenCursor c) {
        String w = c.next().text();
        switch (w) {
            case "struct", "union", "enum" -> {
                return w + " " + c.expectIdent();
            }
            case "unsigned", "signed" -> {
                String prefix = w.equals("unsigned") ? "u" : "";
                String sized = sizedInt(c);
                return prefix + (sized == null ? "int" : sized);
            }
            case "short", "long" -> {
                c.accept("int");
                return w;
            }
            default -> {
                return w;
            }
        }
    }

    private static String sizedInt(TokenCursor c) {
        for (String s : new String[] {"char", "short", "int", "long"}) {
            if (c.accept(s)) {
                if (!s.equals("int") && !s.equals("char")) {
                    c.accept("int");
                }
                return s;
            }
        }
        return null;
    }

    /** Reads the {@code *}s of a declarator, with the qualifiers that may follow each; returns how many. */
    static int readPointers(TokenCursor c) {
        int n = 0;
        while (c.accept("*")) {
            n++;
            while (c.peek().kind() == Token.Kind.IDENT && OTHER_QUALIFIERS.contains(c.peek().text())) {
                c.next();
            }
        }
        return n;
    }
}
