package io.omnicl.runtime.access;

/** Thrown while evaluating a part when this launch must run whole; the message is the reason. */
final class WholeLaunch extends RuntimeException {
    WholeLaunch(String reason) {
        super(reason, null, false, false);
    }
}
