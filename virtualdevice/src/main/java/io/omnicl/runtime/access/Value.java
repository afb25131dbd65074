package io.omnicl.runtime.access;

/**
 * What the analysis knows of a value: its exact affine form (null when unknown) and its C integer type (null when
 * it is not an integer, or the type is not known).
 */
record Value(Affine affine, IntType type) {

    static final Value UNKNOWN = new Value(null, null);

    static Value unknown(IntType type) {
        return new Value(null, type);
    }

    boolean known() {
        return affine != null;
    }
}
