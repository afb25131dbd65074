package io.omnicl.runtime.sched;

/**
 * What a kernel launch's run time depends on: the kernel (its program's content hash and its name) and the
 * launch's shape (global size and argument sizes).
 *
 * @param kernel    {@code <program hash>:<kernel name>}
 * @param shape     global size and argument sizes, as text
 * @param workItems the number of work-items, to scale from other shapes of the same kernel
 */
public record PerfKey(String kernel, String shape, long workItems) {
}
