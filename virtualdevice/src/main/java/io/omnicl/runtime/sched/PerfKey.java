package io.omnicl.runtime.sched;

import java.util.Objects;

/**
 * What a kernel launch's run time depends on: the kernel (its program's content hash and its name) and the
 * launch's shape (global size and argument sizes).
 *
 * @param kernel    {@code <program hash>:<kernel name>}
 * @param shape     global size and argument sizes, as text
 * @param workItems the number of work-items, to scale from other shapes of the same kernel
 */
public record PerfKey(String kernel, String shape, long workItems) {

    // written out: a record's own equals and hashCode are linked at their first call, which costs a program's first
    // launch (that looks its key up) milliseconds

    @Override
    public boolean equals(Object o) {
        return o instanceof PerfKey k && k.workItems == workItems && Objects.equals(k.kernel, kernel)
                && Objects.equals(k.shape, shape);
    }

    @Override
    public int hashCode() {
        return (Objects.hashCode(kernel) * 31 + Objects.hashCode(shape)) * 31 + Long.hashCode(workItems);
    }
}
