package io.omnicl.runtime.access;

/** C integer types, for the conversions and wrap-around that decide whether an affine value is still exact. */
enum IntType {
    I8(8, true), U8(8, false), I16(16, true), U16(16, false), I32(32, true), U32(32, false), I64(64, true),
    U64(64, false);

    final int bits;
    final boolean signed;

    IntType(int bits, boolean signed) {
        this.bits = bits;
        this.signed = signed;
    }

    /** The integer type named {@code name} (OpenCL spelling), or null when it is not one whose width is fixed. */
    static IntType named(String name) {
        return switch (name) {
            case "char" -> I8;
            case "uchar" -> U8;
            case "short" -> I16;
            case "ushort" -> U16;
            case "int" -> I32;
            case "uint" -> U32;
            case "long" -> I64;
            case "ulong" -> U64;
            case "size_t", "uintptr_t" -> U64;
            case "ptrdiff_t", "intptr_t" -> I64;
            default -> null;
        };
    }

    /** Integer promotion: anything narrower than int computes as int. */
    IntType promoted() {
        return bits < 32 ? I32 : this;
    }

    /** The usual arithmetic conversions of C for a binary operation of {@code a} and {@code b}. */
    static IntType common(IntType a, IntType b) {
        if (a == null || b == null) {
            return null;
        }
        IntType x = a.promoted();
        IntType y = b.promoted();
        if (x == y) {
            return x;
        }
        if (x.signed == y.signed) {
            return x.bits >= y.bits ? x : y;
        }
        IntType unsigned = x.signed ? y : x;
        IntType signedType = x.signed ? x : y;
        return unsigned.bits >= signedType.bits ? unsigned : signedType;
    }

    /**
     * Whether every value in {@code [lo, hi]} is exactly representable, so affine arithmetic agrees with C. 64-bit
     * values are kept as exact longs (overflow is caught where they are computed) and unsigned 64-bit ones agree with
     * C modulo 2^64, which is what pointer indexing uses.
     */
    boolean holds(long lo, long hi) {
        if (bits == 64) {
            return true;
        }
        long min = signed ? -(1L << (bits - 1)) : 0;
        long max = signed ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
        return lo >= min && hi <= max;
    }
}
