package io.omnicl.runtime.access;

import java.util.regex.Pattern;

/**
 * A declared type as far as the analysis cares.
 *
 * @param base         the type's name in OpenCL spelling ({@code uint} for {@code unsigned int}, {@code struct S} ...)
 * @param addressSpace {@code global}, {@code constant}, {@code local}, {@code private} or null when not given
 * @param accessQualified whether an image access qualifier ({@code read_only} ...) was given
 */
record TypeSpec(String base, String addressSpace, boolean accessQualified) {

    private static final Pattern VECTOR = Pattern.compile("(u?char|u?short|u?int|u?long|float|double|half)(2|3|4|8|16)");
    private static final Pattern SCALAR = Pattern.compile(
        "u?char|u?short|u?int|u?long|float|double|half|bool|void|size_t|ptrdiff_t|intptr_t|uintptr_t");

    static boolean isBuiltinTypeName(String name) {
        return SCALAR.matcher(name).matches() || VECTOR.matcher(name).matches() || isImageOrSampler(name)
            || name.equals("event_t");
    }

    static boolean isImageOrSampler(String name) {
        return name.startsWith("image") && name.endsWith("_t") || name.equals("sampler_t");
    }

    boolean isImage() {
        return base.startsWith("image") && base.endsWith("_t") || base.equals("pipe") || accessQualified;
    }

    /** The integer type of a scalar of this type, or null when it is not an integer. */
    IntType intType() {
        return IntType.named(base);
    }

    /** Bytes per element of an array of this type, or -1 when it depends on the device or the program. */
    long elementSize() {
        var vector = VECTOR.matcher(base);
        if (vector.matches()) {
            int n = Integer.parseInt(vector.group(2));
            return scalarSize(vector.group(1)) * (n == 3 ? 4 : n);
        }
        return scalarSize(base);
    }

    private static long scalarSize(String scalar) {
        return switch (scalar) {
            case "char", "uchar" -> 1;
            case "short", "ushort", "half" -> 2;
            case "int", "uint", "float" -> 4;
            case "long", "ulong", "double" -> 8;
            default -> -1;
        };
    }
}
