package io.omnicl.differential;

import java.util.List;

/**
 * What jqwik generates and shrinks: plain numbers that {@link ProgramBuilder} interprets as a valid,
 * race-free {@link Program}. Every number is read modulo what the program offers at that point (memory
 * objects, queues, earlier events, bytes left), so any shrunk variant still makes a valid program, and
 * shrinking towards 0 means "the first object, offset 0, one byte, the most recent event". {@code dataSeed}
 * makes the initial contents and the bytes each command writes.
 */
record RawProgram(List<RawBuffer> buffers, List<Boolean> outOfOrderQueues, List<RawStep> steps, long dataSeed) {

    /** A root buffer and the sub-buffers over it. */
    record RawBuffer(int size, List<RawSubBuffer> subBuffers) {
    }

    /** A sub-buffer: its origin in units of the sub-buffer alignment, and its size in bytes. */
    record RawSubBuffer(int originUnits, int size) {
    }

    /**
     * One step. {@code objects} pick memory objects (or pending reads, user events), {@code numbers} give
     * offsets, lengths and kernel sizes, {@code variant} picks among the step's options (kernel, pattern
     * size, blocking or not, map mode), {@code extraWait} is -1 or picks an earlier event to wait for beyond
     * what race-freedom needs.
     */
    record RawStep(StepKind kind, int queue, List<Integer> objects, List<Integer> numbers, int variant,
                   int extraWait) {

        int object(int i) {
            return objects.get(i);
        }

        int number(int i) {
            return numbers.get(i);
        }

        /** Option {@code i} of the step, one of {@code count} (up to 16): the i-th hex digit of the variant. */
        int option(int i, int count) {
            return ((variant >>> (4 * i)) & 0xf) % count;
        }
    }

    /** What a step does. */
    enum StepKind {
        WRITE, READ, COPY, FILL, KERNEL, MAP, UNMAP, AWAIT_READ, MARKER, BARRIER, USER_EVENT, COMPLETE_USER_EVENT,
        MIGRATE, WRITE_RECT, READ_RECT, COPY_RECT
    }
}
