package org.jocl;

import java.nio.LongBuffer;

/** A zero-terminated list of (id, value) pairs, as OpenCL takes properties. */
abstract class cl_abstract_properties extends NativePointerObject {

    cl_abstract_properties() {
        super(LongBuffer.wrap(new long[] {0}));
    }

    /** Appends one (id, value) pair. */
    public void addProperty(long id, long value) {
        long[] old = entries();
        long[] grown = new long[old.length + 3];
        System.arraycopy(old, 0, grown, 0, old.length);
        grown[old.length] = id;
        grown[old.length + 1] = value;
        setBuffer(LongBuffer.wrap(grown));
    }

    /** The (id, value) pairs without the terminating zero. */
    final long[] entries() {
        long[] all = ((LongBuffer) buffer()).array();
        long[] pairs = new long[all.length - 1];
        System.arraycopy(all, 0, pairs, 0, pairs.length);
        return pairs;
    }

    protected abstract String propertyString(long value);

    /** {@code name=value} for each pair, comma-separated. */
    protected String buildString() {
        long[] pairs = entries();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(propertyString((int) pairs[i])).append('=').append((int) pairs[i + 1]);
        }
        return sb.toString();
    }

    /** {@code name[pairs]} for toString. */
    final String describe(String name) {
        return name + "[" + buildString() + "]";
    }
}
