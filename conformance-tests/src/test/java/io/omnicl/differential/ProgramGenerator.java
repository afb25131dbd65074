package io.omnicl.differential;

import io.omnicl.differential.RawProgram.RawBuffer;
import io.omnicl.differential.RawProgram.RawStep;
import io.omnicl.differential.RawProgram.RawSubBuffer;
import io.omnicl.differential.RawProgram.StepKind;

import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/** jqwik arbitraries of generated programs; shrinking acts on the {@link RawProgram} underneath. */
final class ProgramGenerator {

    static final int MIN_BUFFERS = 2;
    static final int MAX_BUFFERS = 5;
    static final int MAX_SUB_BUFFERS_PER_BUFFER = 3;
    static final int MAX_QUEUES = 3;
    /** Steps before the builder adds unmaps, completions of user events and waits for reads: about 25 commands. */
    static final int MAX_STEPS = 20;
    /** Upper bound of the numbers a step reads modulo a size; large enough to reach every byte of a buffer. */
    private static final int NUMBER_BOUND = 0xffff;

    private ProgramGenerator() {
    }

    /** Programs whose sub-buffers start at multiples of {@code subBufferAlignment} bytes. */
    static Arbitrary<Program> programs(int subBufferAlignment, OptionalCommands optional) {
        return rawPrograms(optional).map(raw -> ProgramBuilder.build(raw, subBufferAlignment));
    }

    static Arbitrary<RawProgram> rawPrograms(OptionalCommands optional) {
        Arbitrary<RawSubBuffer> subBuffer = Combinators.combine(Arbitraries.integers().between(0, 127), number())
                .as(RawSubBuffer::new);
        Arbitrary<RawBuffer> buffer = Combinators.combine(
                Arbitraries.integers().between(ProgramBuilder.MIN_BUFFER_SIZE, ProgramBuilder.MAX_BUFFER_SIZE),
                subBuffer.list().ofMaxSize(MAX_SUB_BUFFERS_PER_BUFFER)).as(RawBuffer::new);
        Arbitrary<List<Boolean>> outOfOrderQueues = Arbitraries.of(false, true).list().ofMinSize(1)
                .ofMaxSize(MAX_QUEUES);
        return Combinators.combine(buffer.list().ofMinSize(MIN_BUFFERS).ofMaxSize(MAX_BUFFERS), outOfOrderQueues,
                steps(optional).list().ofMaxSize(MAX_STEPS), Arbitraries.longs()).as(RawProgram::new);
    }

    private static Arbitrary<RawStep> steps(OptionalCommands optional) {
        Arbitrary<Integer> extraWait = Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(-1)), Tuple.of(1, Arbitraries.integers().between(0, 7)));
        return Combinators.combine(kinds(optional), Arbitraries.integers().between(0, MAX_QUEUES - 1),
                number().list().ofSize(3), number().list().ofSize(4), Arbitraries.integers().between(0, 0xffff),
                extraWait).as(RawStep::new);
    }

    /** Step kinds with their weights; the optional families only when switched on. */
    private static Arbitrary<StepKind> kinds(OptionalCommands optional) {
        List<Tuple2<Integer, StepKind>> weighted = new ArrayList<>(List.of(
                Tuple.of(3, StepKind.WRITE), Tuple.of(3, StepKind.READ), Tuple.of(3, StepKind.COPY),
                Tuple.of(2, StepKind.FILL), Tuple.of(5, StepKind.KERNEL), Tuple.of(2, StepKind.MAP),
                Tuple.of(2, StepKind.UNMAP),
                Tuple.of(2, StepKind.AWAIT_READ), Tuple.of(1, StepKind.MARKER), Tuple.of(1, StepKind.BARRIER),
                Tuple.of(1, StepKind.USER_EVENT), Tuple.of(1, StepKind.COMPLETE_USER_EVENT)));
        if (optional.rectTransfers()) {
            weighted.addAll(List.of(Tuple.of(1, StepKind.WRITE_RECT), Tuple.of(1, StepKind.READ_RECT),
                    Tuple.of(1, StepKind.COPY_RECT)));
        }
        if (optional.migrations()) {
            weighted.add(Tuple.of(1, StepKind.MIGRATE));
        }
        @SuppressWarnings("unchecked")
        Tuple2<Integer, StepKind>[] choices = weighted.toArray(new Tuple2[0]);
        return Arbitraries.frequency(choices);
    }

    private static Arbitrary<Integer> number() {
        return Arbitraries.integers().between(0, NUMBER_BOUND);
    }
}
