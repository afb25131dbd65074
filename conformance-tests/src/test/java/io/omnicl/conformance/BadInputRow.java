package io.omnicl.conformance;

import static org.jocl.CL.CL_SUCCESS;
import static org.jocl.CL.stringFor_errorCode;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One row of the bad-input table ({@link BadInputTestBase}): an entry point, the class of invalid argument it
 * is given, how to set the call up and make it, and the status codes OpenCL 1.2 allows for it. A row may also
 * say how the reference (the real JOCL over PoCL) answers where that differs from the specification, or that
 * the reference cannot run it at all because the real JOCL would crash the JVM.
 */
final class BadInputRow {

    /** The call under test; returns the status it reports (the return value or errcode_ret). */
    @FunctionalInterface
    interface Call {
        int run();
    }

    /** Creates what the call needs (with exceptions disabled) and returns the call. */
    @FunctionalInterface
    interface Arrange {
        Call arrange();
    }

    final String entry;
    final String kind;
    final Arrange arrange;
    /** The codes the specification allows. */
    final Set<Integer> codes;

    /** Why the reference cannot run this row (it would crash), or null. */
    String referenceSkip;
    /** Codes the reference gives instead, with the reason; null where it follows the specification. */
    Set<Integer> referenceCodes;
    String referenceWhy;
    /** An exception the real JOCL throws before OpenCL sees the call, or null. */
    Class<? extends Throwable> referenceThrows;
    /** Needs CL_DEVICE_IMAGE_SUPPORT. */
    boolean images;
    /** Also run with CL.setExceptionsEnabled(true), expecting a CLException with the code. */
    boolean exceptions;

    BadInputRow(String entry, String kind, Arrange arrange, int... codes) {
        this.entry = entry;
        this.kind = kind;
        this.arrange = arrange;
        this.codes = new LinkedHashSet<>();
        for (int c : codes) {
            this.codes.add(c);
        }
    }

    /** The reference would crash the JVM here (a dangling or too small pointer reaches the driver). */
    BadInputRow skipOnReference(String why) {
        referenceSkip = why;
        return this;
    }

    /**
     * The reference answers with {@code codes} (also CL_SUCCESS, where it accepts what the specification
     * forbids) instead of the specification's; the row accepts those on the reference only.
     */
    BadInputRow reference(String why, int... codes) {
        referenceWhy = why;
        referenceCodes = new LinkedHashSet<>(codes.length);
        for (int c : codes) {
            referenceCodes.add(c);
        }
        return this;
    }

    /** The real JOCL throws this before OpenCL sees the call. */
    BadInputRow referenceThrows(Class<? extends Throwable> type, String why) {
        referenceThrows = type;
        referenceWhy = why;
        return this;
    }

    BadInputRow images() {
        images = true;
        return this;
    }

    /** Whether the row expects the specification's codes on the reference too. */
    boolean referenceFollowsSpec() {
        return referenceSkip == null && referenceCodes == null && referenceThrows == null;
    }

    /** The codes allowed on the run at hand. */
    Set<Integer> allowed(boolean reference) {
        if (!reference || referenceCodes == null) {
            return codes;
        }
        Set<Integer> all = new LinkedHashSet<>(codes);
        all.addAll(referenceCodes);
        return all;
    }

    static String names(Set<Integer> codes) {
        return codes.stream().map(c -> c == CL_SUCCESS ? "CL_SUCCESS" : stringFor_errorCode(c))
                .collect(Collectors.joining(" or "));
    }

    static Set<Integer> setOf(int... codes) {
        return Arrays.stream(codes).boxed().collect(Collectors.toCollection(LinkedHashSet::new));
    }

    @Override
    public String toString() {
        return entry + " / " + kind;
    }
}
