package io.omnicl.differential;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a run of a program let the host see: every host read (blocking reads, inspected non-blocking reads,
 * mapped bytes) in program order, then the final contents of every root buffer.
 */
final class Outcome {

    /** Bytes the host saw at one point of the program. */
    record Observation(String label, byte[] bytes) {
    }

    private final List<Observation> observations = new ArrayList<>();

    void observe(String label, byte[] bytes) {
        observations.add(new Observation(label, bytes.clone()));
    }

    List<Observation> observations() {
        return observations;
    }

    /**
     * Where {@code actual} differs from {@code expected}: one line per differing observation, naming the byte
     * ranges that differ with the expected and actual bytes at the start of each; empty when they agree.
     */
    static String differences(Outcome expected, Outcome actual) {
        StringBuilder s = new StringBuilder();
        if (expected.observations.size() != actual.observations.size()) {
            s.append("expected ").append(expected.observations.size()).append(" observations, got ")
                    .append(actual.observations.size()).append('\n');
        }
        for (int i = 0; i < Math.min(expected.observations.size(), actual.observations.size()); i++) {
            Observation e = expected.observations.get(i);
            Observation a = actual.observations.get(i);
            if (!e.label.equals(a.label)) {
                s.append("observation ").append(i).append(" is '").append(a.label).append("', expected '")
                        .append(e.label).append("'\n");
            } else if (!Arrays.equals(e.bytes, a.bytes)) {
                s.append(e.label).append(": ").append(differingRanges(e.bytes, a.bytes)).append('\n');
            }
        }
        return s.toString();
    }

    /** The maximal byte ranges where two arrays of equal length differ, each with a few bytes of both. */
    private static String differingRanges(byte[] expected, byte[] actual) {
        if (expected.length != actual.length) {
            return "length " + actual.length + ", expected " + expected.length;
        }
        List<String> ranges = new ArrayList<>();
        int differing = 0;
        for (int i = 0; i < expected.length; ) {
            if (expected[i] == actual[i]) {
                i++;
                continue;
            }
            int start = i;
            while (i < expected.length && expected[i] != actual[i]) {
                i++;
            }
            differing += i - start;
            byte[] e = Arrays.copyOfRange(expected, start, i);
            byte[] a = Arrays.copyOfRange(actual, start, i);
            ranges.add("[" + start + ".." + i + ") expected " + Command.hex(e, 8) + " got " + Command.hex(a, 8));
        }
        return differing + " of " + expected.length + " bytes differ: " + String.join(", ", ranges);
    }
}
