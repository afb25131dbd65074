package io.omnicl.spi.fake;

import io.omnicl.spi.KernelArgInfo;
import io.omnicl.spi.suite.ClCodes;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernels an OpenCL C source declares, read from their {@code __kernel} signatures as a compiler would
 * describe them ({@code clGetKernelArgInfo}, {@code CL_KERNEL_ATTRIBUTES}); the bodies are not read.
 */
final class KernelSource {

    /**
     * One kernel's signature.
     *
     * @param valueSizes by argument: the bytes a by-value argument takes; 0 where the type is not a built-in one
     * @param requiredWorkGroupSize its {@code reqd_work_group_size}, or zeros
     */
    record Signature(String name, List<KernelArgInfo> args, long[] valueSizes, String attributes,
                     long[] requiredWorkGroupSize) {
    }

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*|[0-9][A-Za-z0-9_.]*|\\S");
    private static final Pattern COMMENT = Pattern.compile("//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern DIRECTIVE = Pattern.compile("(?m)^\\s*#.*$");
    private static final Pattern REQUIRED = Pattern.compile(
            "reqd_work_group_size\\s*\\(\\s*(\\d+)\\s*,\\s*(\\d+)\\s*,\\s*(\\d+)\\s*\\)");
    private static final Map<String, Integer> SCALAR_SIZES = Map.ofEntries(
            Map.entry("char", 1), Map.entry("uchar", 1), Map.entry("short", 2), Map.entry("ushort", 2),
            Map.entry("half", 2), Map.entry("int", 4), Map.entry("uint", 4), Map.entry("float", 4),
            Map.entry("long", 8), Map.entry("ulong", 8), Map.entry("double", 8), Map.entry("size_t", 8),
            Map.entry("ptrdiff_t", 8), Map.entry("intptr_t", 8), Map.entry("uintptr_t", 8));
    private static final Pattern VECTOR = Pattern.compile("([a-z]+)(2|3|4|8|16)");

    private KernelSource() {
    }

    /**
     * Every kernel of {@code source}, in the order declared.
     *
     * @throws IllegalArgumentException with what a build log would say, when a signature cannot be read
     */
    static List<Signature> parse(String source) {
        String plain = DIRECTIVE.matcher(COMMENT.matcher(source).replaceAll(" ")).replaceAll("");
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(plain);
        while (m.find()) {
            tokens.add(m.group());
        }
        List<Signature> kernels = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (declaresKernel(tokens, i)) {
                i = signature(tokens, i + 1, kernels);
            }
        }
        return kernels;
    }

    /** Whether a kernel's declaration starts at {@code at}: {@code kernel} may also name a variable. */
    private static boolean declaresKernel(List<String> tokens, int at) {
        String next = at + 1 < tokens.size() ? tokens.get(at + 1) : "";
        return tokens.get(at).equals("__kernel")
                || tokens.get(at).equals("kernel") && (next.equals("void") || next.equals("__attribute__"));
    }

    /** Reads a signature whose declaration goes on at {@code at}; returns the index of its closing parenthesis. */
    private static int signature(List<String> tokens, int at, List<Signature> kernels) {
        List<String> attributes = new ArrayList<>();
        String name = null;
        int i = at;
        while (i < tokens.size() && !tokens.get(i).equals("(")) {
            if (tokens.get(i).equals("__attribute__")) {
                int end = closing(tokens, i + 1);
                // __attribute__((x)): what lies within the double parentheses
                attributes.add(String.join("", tokens.subList(i + 3, end - 1)));
                i = end + 1;
            } else {
                name = tokens.get(i);
                i++;
            }
        }
        if (name == null || i == tokens.size() || name.equals("void")) {
            throw new IllegalArgumentException("error: a __kernel declaration without a name");
        }
        int end = closing(tokens, i);
        List<List<String>> params = new ArrayList<>();
        List<String> current = new ArrayList<>();
        int depth = 0;
        for (String t : tokens.subList(i + 1, end)) {
            depth += t.equals("(") ? 1 : t.equals(")") ? -1 : 0;
            if (t.equals(",") && depth == 0) {
                params.add(current);
                current = new ArrayList<>();
            } else {
                current.add(t);
            }
        }
        if (!current.isEmpty() && !(current.size() == 1 && current.get(0).equals("void"))) {
            params.add(current);
        }
        List<KernelArgInfo> args = new ArrayList<>();
        long[] sizes = new long[params.size()];
        for (int p = 0; p < params.size(); p++) {
            args.add(argument(name, params.get(p)));
            sizes[p] = valueSize(args.get(p).typeName());
        }
        String joined = String.join(" ", attributes);
        long[] required = new long[3];
        Matcher r = REQUIRED.matcher(joined);
        if (r.find()) {
            for (int d = 0; d < 3; d++) {
                required[d] = Long.parseLong(r.group(d + 1));
            }
        }
        kernels.add(new Signature(name, List.copyOf(args), sizes, joined, required));
        return end;
    }

    /** The index of the parenthesis closing the one at {@code open}. */
    private static int closing(List<String> tokens, int open) {
        if (open >= tokens.size() || !tokens.get(open).equals("(")) {
            throw new IllegalArgumentException("error: expected '(' in a __kernel declaration");
        }
        int depth = 0;
        for (int i = open; i < tokens.size(); i++) {
            depth += tokens.get(i).equals("(") ? 1 : tokens.get(i).equals(")") ? -1 : 0;
            if (depth == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException("error: unbalanced parentheses in a __kernel declaration");
    }

    /** One parameter's tokens as {@code clGetKernelArgInfo} describes it. */
    private static KernelArgInfo argument(String kernel, List<String> tokens) {
        int address = ClCodes.CL_KERNEL_ARG_ADDRESS_PRIVATE;
        int access = ClCodes.CL_KERNEL_ARG_ACCESS_NONE;
        boolean constant = false;
        boolean isVolatile = false;
        boolean restrict = false;
        int stars = 0;
        List<String> words = new ArrayList<>();
        for (String t : tokens) {
            switch (t.replaceFirst("^__", "")) {
                case "global" -> address = ClCodes.CL_KERNEL_ARG_ADDRESS_GLOBAL;
                case "local" -> address = ClCodes.CL_KERNEL_ARG_ADDRESS_LOCAL;
                case "constant" -> address = ClCodes.CL_KERNEL_ARG_ADDRESS_CONSTANT;
                case "private" -> address = ClCodes.CL_KERNEL_ARG_ADDRESS_PRIVATE;
                case "read_only" -> access = ClCodes.CL_KERNEL_ARG_ACCESS_READ_ONLY;
                case "write_only" -> access = ClCodes.CL_KERNEL_ARG_ACCESS_WRITE_ONLY;
                case "read_write" -> access = ClCodes.CL_KERNEL_ARG_ACCESS_READ_WRITE;
                // qualifiers of the pointer itself (after its star) do not describe what it points to
                case "const" -> constant |= stars == 0;
                case "volatile" -> isVolatile |= stars == 0;
                case "restrict" -> restrict |= stars > 0;
                case "*" -> stars++;
                default -> words.add(t);
            }
        }
        if (words.size() < 2) {
            throw new IllegalArgumentException("error: kernel " + kernel + ": a parameter needs a type and a name: "
                    + String.join(" ", tokens));
        }
        String name = words.remove(words.size() - 1);
        String type = typeName(words);
        boolean image = type.startsWith("image");
        if (stars > 0 && address == ClCodes.CL_KERNEL_ARG_ADDRESS_PRIVATE) {
            throw new IllegalArgumentException("error: kernel " + kernel + ": pointer parameter " + name
                    + " must be __global, __constant or __local");
        }
        if (image) {
            address = ClCodes.CL_KERNEL_ARG_ADDRESS_GLOBAL;
            access = access == ClCodes.CL_KERNEL_ARG_ACCESS_NONE ? ClCodes.CL_KERNEL_ARG_ACCESS_READ_ONLY : access;
        }
        long qualifier = ClCodes.CL_KERNEL_ARG_TYPE_NONE;
        if (stars > 0) {
            qualifier |= constant || address == ClCodes.CL_KERNEL_ARG_ADDRESS_CONSTANT
                    ? ClCodes.CL_KERNEL_ARG_TYPE_CONST : 0;
            qualifier |= isVolatile ? ClCodes.CL_KERNEL_ARG_TYPE_VOLATILE : 0;
            qualifier |= restrict ? ClCodes.CL_KERNEL_ARG_TYPE_RESTRICT : 0;
        }
        return new KernelArgInfo(address, access, type + "*".repeat(stars), qualifier, name);
    }

    /** The type as a compiler names it: {@code unsigned int} is {@code uint}. */
    private static String typeName(List<String> words) {
        List<String> rest = new ArrayList<>(words);
        rest.remove("signed");
        if (rest.remove("unsigned")) {
            return rest.isEmpty() ? "uint" : "u" + String.join(" ", rest);
        }
        return String.join(" ", rest);
    }

    /** The bytes of a by-value argument of this type; 0 for a type that is not a built-in scalar or vector. */
    private static long valueSize(String type) {
        Integer scalar = SCALAR_SIZES.get(type);
        if (scalar != null) {
            return scalar;
        }
        Matcher v = VECTOR.matcher(type);
        if (v.matches() && SCALAR_SIZES.containsKey(v.group(1))) {
            int n = Integer.parseInt(v.group(2));
            // a 3-vector takes the room of a 4-vector
            return (long) SCALAR_SIZES.get(v.group(1)) * (n == 3 ? 4 : n);
        }
        return 0;
    }
}
