package io.omnicl.runtime.access;

import java.util.Arrays;

/**
 * An exact integer form {@code c0 + sum(k[i] * symbol i)} over a kernel's symbols (global ids, local ids, loop
 * variables). Every operation is exact: one that would overflow a long throws ArithmeticException, which callers
 * take as "unknown".
 */
final class Affine {

    private final long constant;
    private final long[] coefficients;

    private Affine(long constant, long[] coefficients) {
        this.constant = constant;
        this.coefficients = coefficients;
    }

    static Affine constant(long value, int symbols) {
        return new Affine(value, new long[symbols]);
    }

    static Affine symbol(int symbol, int symbols) {
        long[] k = new long[symbols];
        k[symbol] = 1;
        return new Affine(0, k);
    }

    long constantTerm() {
        return constant;
    }

    long coefficient(int symbol) {
        return coefficients[symbol];
    }

    int symbolCount() {
        return coefficients.length;
    }

    boolean isConstant() {
        for (long k : coefficients) {
            if (k != 0) {
                return false;
            }
        }
        return true;
    }

    /** The one symbol with a non-zero coefficient, or -1 when there is none or more than one. */
    int onlySymbol() {
        int found = -1;
        for (int i = 0; i < coefficients.length; i++) {
            if (coefficients[i] != 0) {
                if (found >= 0) {
                    return -1;
                }
                found = i;
            }
        }
        return found;
    }

    Affine plus(Affine o) {
        long[] k = new long[coefficients.length];
        for (int i = 0; i < k.length; i++) {
            k[i] = Math.addExact(coefficients[i], o.coefficients[i]);
        }
        return new Affine(Math.addExact(constant, o.constant), k);
    }

    Affine times(long factor) {
        long[] k = new long[coefficients.length];
        for (int i = 0; i < k.length; i++) {
            k[i] = Math.multiplyExact(coefficients[i], factor);
        }
        return new Affine(Math.multiplyExact(constant, factor), k);
    }

    Affine minus(Affine o) {
        return plus(o.times(-1));
    }

    /** The least value over the symbols' intervals in {@code box}. */
    long min(Box box) {
        long v = constant;
        for (int i = 0; i < coefficients.length; i++) {
            long k = coefficients[i];
            if (k != 0) {
                v = Math.addExact(v, Math.multiplyExact(k, k > 0 ? box.lo(i) : box.hi(i)));
            }
        }
        return v;
    }

    /** The greatest value over the symbols' intervals in {@code box}. */
    long max(Box box) {
        long v = constant;
        for (int i = 0; i < coefficients.length; i++) {
            long k = coefficients[i];
            if (k != 0) {
                v = Math.addExact(v, Math.multiplyExact(k, k > 0 ? box.hi(i) : box.lo(i)));
            }
        }
        return v;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Affine a && a.constant == constant && Arrays.equals(a.coefficients, coefficients);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(constant) * 31 + Arrays.hashCode(coefficients);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder().append(constant);
        for (int i = 0; i < coefficients.length; i++) {
            if (coefficients[i] != 0) {
                s.append(" + ").append(coefficients[i]).append("*s").append(i);
            }
        }
        return s.toString();
    }
}
