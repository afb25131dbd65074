package io.omnicl.runtime.worker;

/** What came of a program thread's attempt to run a worker's task itself ({@link ProgramThreads#runNow}). */
enum DirectRun {
    /** Not run: the worker was busy, driven, not ready, or had work posted before it. */
    REFUSED,
    /** Run, and nothing left in flight or to do. */
    IDLE,
    /** Run, with commands left in flight or work left for the worker. */
    BUSY
}
