package io.omnicl.differential;

/**
 * A memory object of a generated program: a root buffer ({@code id == root}, origin 0) or a sub-buffer of
 * one. Offsets of commands are relative to the object; {@link #origin} places it in its root buffer.
 */
record Memory(int id, int root, int origin, int size) {

    boolean isRoot() {
        return id == root;
    }

    /** The name the pseudo-code uses: b&lt;id&gt; for a root buffer, s&lt;id&gt; for a sub-buffer. */
    String name() {
        return (isRoot() ? "b" : "s") + id;
    }

    /** Whole uint elements the object holds. */
    int elements() {
        return size / KernelKind.ELEMENT;
    }
}
