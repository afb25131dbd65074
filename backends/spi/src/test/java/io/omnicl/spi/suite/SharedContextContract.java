package io.omnicl.spi.suite;

import static io.omnicl.spi.suite.Pocl.awaitAll;
import static io.omnicl.spi.suite.Pocl.direct;
import static io.omnicl.spi.suite.Pocl.floats;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two devices opened in one real context ({@code RealDevice#openTogether}), where the backend does so: each session
 * builds and runs its own programs on its own device, and a command of one waits for the other's events.
 */
public abstract class SharedContextContract extends BackendContract {

    private static final int N = 64;

    private List<DeviceSession> sessions;

    @BeforeEach
    void open() {
        sessions = device(0).openTogether(List.of(device(1)));
        assumeTrue(sessions != null, "the backend opens each device alone");
    }

    @AfterEach
    void close() {
        if (sessions != null) {
            sessions.forEach(DeviceSession::close);
        }
    }

    @Test
    void theSessionsShareTheirContextAndNoOther() {
        assertEquals(2, sessions.size());
        assertEquals(device(0), sessions.get(0).device());
        assertEquals(device(1), sessions.get(1).device());
        assertTrue(sessions.get(0).sharesContextWith(sessions.get(1)));
        assertTrue(sessions.get(1).sharesContextWith(sessions.get(0)));
        try (DeviceSession alone = device(1).open()) {
            assertFalse(sessions.get(0).sharesContextWith(alone));
            assertFalse(alone.sharesContextWith(sessions.get(1)));
        }
    }

    /** Each session builds the program from source, makes its kernel and runs it on its own device. */
    @Test
    void eachSessionBuildsAndRunsItsOwnProgram() {
        for (int s = 0; s < 2; s++) {
            DeviceSession session = sessions.get(s);
            RealProgram program = session.createProgram(ProgramContract.KERNELS);
            assertTrue(program.build(ProgramContract.OPTIONS), program::buildLog);
            assertTrue(program.kernelNames().contains("add"), program.kernelNames().toString());
            assertTrue(program.binary().length > 0, "a binary of the session's device");
            float[] sum = add(session, program, s + 2);
            for (int i = 0; i < N; i++) {
                assertEquals((i + 1000f * i) * (s + 2), sum[i], "session " + s + ", element " + i);
            }
            program.release();
        }
    }

    /** A program made from the binary a session's build gave builds and runs in that session. */
    @Test
    void aBinaryOfASessionsBuildBuildsThere() {
        DeviceSession session = sessions.get(1);
        RealProgram built = session.createProgram(ProgramContract.KERNELS);
        assertTrue(built.build(ProgramContract.OPTIONS), built::buildLog);
        RealProgram again = session.createProgram(built.binary());
        assertTrue(again.build(ProgramContract.OPTIONS), again::buildLog);
        float[] sum = add(session, again, 3);
        assertEquals((5 + 5000f) * 3, sum[5]);
        built.release();
        again.release();
    }

    /**
     * The second device's upload of host memory waits for the first device's read into it, by its event alone: no
     * thread waits for the read.
     */
    @Test
    void anUploadOfOneDeviceWaitsForTheOthersRead() {
        float[] values = new float[N];
        for (int i = 0; i < N; i++) {
            values[i] = 7 * i + 1;
        }
        RealQueue first = sessions.get(0).createQueue(false);
        RealQueue second = sessions.get(1).createQueue(false);
        RealBuffer there = sessions.get(0).allocate(N * Float.BYTES);
        RealBuffer here = sessions.get(1).allocate(N * Float.BYTES);
        awaitAll(first.write(there, 0, floats(values), List.of()));
        ByteBuffer between = direct(N * Float.BYTES);
        ByteBuffer back = direct(N * Float.BYTES);
        RealEvent read = first.read(there, 0, between, List.of());
        first.flush();
        RealEvent upload = second.write(here, 0, between, List.of(read));
        awaitAll(upload, second.read(here, 0, back, List.of()));
        read.release();
        assertArrayEquals(values, floats(back));
        List.of(there, here).forEach(RealBuffer::release);
        first.release();
        second.release();
    }

    /** {@code add} of {@code program} over a and b (0..N-1 and 1000 times that), scaled, on {@code session}. */
    private static float[] add(DeviceSession session, RealProgram program, float scale) {
        RealQueue queue = session.createQueue(false);
        RealKernel add = program.createKernel("add");
        RealBuffer a = session.allocate(N * Float.BYTES);
        RealBuffer b = session.allocate(N * Float.BYTES);
        RealBuffer sum = session.allocate(N * Float.BYTES);
        float[] as = new float[N];
        float[] bs = new float[N];
        for (int i = 0; i < N; i++) {
            as[i] = i;
            bs[i] = 1000 * i;
        }
        awaitAll(queue.write(a, 0, floats(as), List.of()), queue.write(b, 0, floats(bs), List.of()));
        add.setArg(0, a);
        add.setArg(1, b);
        add.setArg(2, sum);
        add.setArg(3, floats(scale));
        ByteBuffer out = direct(N * Float.BYTES);
        awaitAll(queue.launch(add, 1, null, new long[] {N}, null, List.of(), true),
                queue.read(sum, 0, out, List.of()));
        add.release();
        List.of(a, b, sum).forEach(RealBuffer::release);
        queue.release();
        return floats(out);
    }
}
