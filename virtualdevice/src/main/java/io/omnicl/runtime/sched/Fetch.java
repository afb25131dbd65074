package io.omnicl.runtime.sched;

/**
 * Bytes a task would have to bring to a device before it runs there.
 *
 * @param fromHost    bytes the host copy holds (one upload)
 * @param fromDevices bytes only other devices hold (a download to the host, then an upload)
 */
public record Fetch(long fromHost, long fromDevices) {

    public static final Fetch NONE = new Fetch(0, 0);
}
