package io.omnicl.runtime.access;

/** Source the analysis cannot read or will not analyse; its message is the reason given for the kernel. */
final class SourceException extends RuntimeException {
    SourceException(String reason) {
        super(reason, null, false, false);
    }

    static SourceException parseError(int line, String what) {
        return new SourceException("parse error at line " + line + ": " + what);
    }
}
