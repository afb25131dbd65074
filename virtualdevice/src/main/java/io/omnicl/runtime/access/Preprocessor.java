package io.omnicl.runtime.access;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of the C preprocessor the analysis follows: object-like {@code #define}/{@code #undef} (also {@code -D}
 * build options) and {@code #pragma}. Anything that could make the analysed text differ from what the compiler sees
 * (function-like macros, conditionals, includes) is refused rather than guessed.
 */
final class Preprocessor {

    private final Map<String, List<Token>> macros = new HashMap<>();

    private Preprocessor() {
    }

    /** The program's tokens after preprocessing, ending with an END token. */
    static List<Token> run(String source, String buildOptions) {
        Preprocessor pp = new Preprocessor();
        pp.defineFromOptions(buildOptions == null ? "" : buildOptions);
        return pp.process(Tokenizer.tokenize(source));
    }

    private void defineFromOptions(String options) {
        String[] words = options.trim().split("\\s+");
        for (int i = 0; i < words.length; i++) {
            String definition = null;
            if (words[i].equals("-D") && i + 1 < words.length) {
                definition = words[++i];
            } else if (words[i].startsWith("-D") && words[i].length() > 2) {
                definition = words[i].substring(2);
            }
            if (definition != null) {
                int eq = definition.indexOf('=');
                String name = eq < 0 ? definition : definition.substring(0, eq);
                String value = eq < 0 ? "1" : definition.substring(eq + 1);
                List<Token> body = new ArrayList<>(Tokenizer.tokenize(value));
                body.remove(body.size() - 1);
                macros.put(name, body);
            }
        }
    }

    private List<Token> process(List<Token> in) {
        List<Token> out = new ArrayList<>(in.size());
        int i = 0;
        while (i < in.size()) {
            Token t = in.get(i);
            if (t.kind() == Token.Kind.END) {
                out.add(t);
                break;
            }
            if (t.is("#") && t.lineStart()) {
                int end = i + 1;
                while (!in.get(end).lineStart()) {
                    end++;
                }
                directive(in.subList(i + 1, end), t.line());
                i = end;
                continue;
            }
            expand(t, out, new HashSet<>(), t.line(), t.lineStart());
            i++;
        }
        return out;
    }

    private void directive(List<Token> words, int line) {
        if (words.isEmpty()) {
            return;
        }
        String name = words.get(0).text();
        switch (name) {
            case "pragma" -> { }
            case "define" -> define(words, line);
            case "undef" -> {
                if (words.size() < 2) {
                    throw SourceException.parseError(line, "#undef without a name");
                }
                macros.remove(words.get(1).text());
            }
            case "include" -> throw new SourceException("#include at line " + line);
            case "if", "ifdef", "ifndef", "elif", "else", "endif" ->
                throw new SourceException("conditional compilation at line " + line);
            default -> throw new SourceException("#" + name + " at line " + line);
        }
    }

    private void define(List<Token> words, int line) {
        if (words.size() < 2 || words.get(1).kind() != Token.Kind.IDENT) {
            throw SourceException.parseError(line, "#define without a name");
        }
        if (words.size() > 2 && words.get(2).is("(") && !words.get(2).spaceBefore()) {
            throw new SourceException("function-like macro " + words.get(1).text());
        }
        macros.put(words.get(1).text(), List.copyOf(words.subList(2, words.size())));
    }

    /** Appends {@code t}, replaced by its macro's body (expanded again, but never inside itself) if it is one. */
    private void expand(Token t, List<Token> out, Set<String> expanding, int line, boolean lineStart) {
        List<Token> body = t.kind() == Token.Kind.IDENT ? macros.get(t.text()) : null;
        if (body == null || expanding.contains(t.text())) {
            out.add(t.at(line, lineStart));
            return;
        }
        expanding.add(t.text());
        for (Token b : body) {
            expand(b, out, expanding, line, false);
        }
        expanding.remove(t.text());
    }
}
