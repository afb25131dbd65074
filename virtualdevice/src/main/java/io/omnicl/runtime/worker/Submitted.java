package io.omnicl.runtime.worker;

import io.omnicl.runtime.coherence.Access;
import io.omnicl.spi.RealEvent;

import java.util.List;

/**
 * A command submitted on a worker's queue: its own real event (the kernel, copy or transfer), its last one (the
 * same, or a read of its results after it), and the others (transfers before it, and the main one when not
 * last); the command it is a part of ({@code owner}, null for the worker's own), and the device's queue it went on;
 * see {@link DeviceWorker#track} for the rest.
 */
record Submitted(String label, Trace.Kind kind, RealEvent main, RealEvent last, List<RealEvent> others,
                 List<Access> writes, boolean behind, boolean timed, Object owner, Lane lane, InFlight handler) {

    /** Releases the command's real events. */
    void release() {
        if (last != null) {
            last.release();
        }
        for (int i = 0; i < others.size(); i++) {
            others.get(i).release();
        }
    }

    /**
     * Records the command's slices on lane {@code lane} of {@code trace}, if it is recording: its main event's,
     * ended with {@code times}, and its others'.
     */
    void recordSlices(Trace trace, int lane, DeviceClock clock, long[] times) {
        if (!trace.recording()) {
            return;
        }
        // the other events: a command's uploads (and reads of its results), or the other pieces of a download
        Trace.Kind before = kind == Trace.Kind.DOWNLOAD ? Trace.Kind.DOWNLOAD : Trace.Kind.UPLOAD;
        for (RealEvent e : others) {
            if (e == main) {
                continue;
            }
            long[] t = e.profile();
            if (t != null) {
                trace.record(new Trace.Slice(lane, before.name().toLowerCase(), before, clock.hostTime(t[2]),
                        clock.hostTime(t[3])));
            }
        }
        trace.record(new Trace.Slice(lane, label, kind, clock.hostTime(times[2]), clock.hostTime(times[3])));
    }
}
