package io.omnicl.demos.bench;

/** Where to check a result too large to compare whole with a host computation in every run. */
final class Samples {

    private Samples() {
    }

    /**
     * About {@code count} indices into {@code length} elements: one in each of equal stretches, at an offset
     * that varies from stretch to stretch (so that no stride of the data is the only one checked), and the
     * last element.
     */
    static int[] spread(int length, int count) {
        int stretch = Math.max(1, length / count);
        int stretches = length / stretch;
        int[] at = new int[stretches + 1];
        for (int k = 0; k < stretches; k++) {
            at[k] = k * stretch + (int) ((k * 7919L) % stretch);
        }
        at[stretches] = length - 1;
        return at;
    }
}
