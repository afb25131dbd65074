package io.omnicl.runtime.worker;

/** Which of a device's queues a command in flight went on ({@link DeviceQueues}). */
enum Lane {
    /** The in-order queue (with or without profiling): a later event of it tells of the commands before. */
    IN_ORDER,
    /** The side queue: a piece of a cut launch beside the pieces of it in flight on the in-order queue. */
    SIDE,
    /** The downloads queue: bytes that a piece which has ended wrote, on their way to the program. */
    DOWNLOADS
}
