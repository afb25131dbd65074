package io.omnicl.backend.lwjgl;

import static io.omnicl.backend.lwjgl.Pocl.awaitAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.lwjgl.opencl.CL10.CL_CONTEXT_REFERENCE_COUNT;
import static org.lwjgl.opencl.CL10.nclGetContextInfo;

import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every object made in a session holds its context; releasing them all must give those holds back. */
class ReleaseTest {

    @Test
    void releasingEverythingLeavesTheContextWithOnlyTheSessionsReference() {
        LwjglSession session = (LwjglSession) Pocl.device(0).open();
        RealQueue queue = session.createQueue(true);
        RealBuffer buffer = session.allocate(1024);
        RealBuffer region = buffer.region(0, 512);
        RealProgram program = session.createProgram(ProgramTest.KERNELS);
        assertTrue(program.build(ProgramTest.OPTIONS), program::buildLog);
        RealProgram restored = session.createProgram(program.binary());
        RealKernel kernel = program.createKernel("add");
        for (int arg = 0; arg < 3; arg++) {
            kernel.setArg(arg, region);
        }
        kernel.setArg(3, Pocl.floats(1));
        awaitAll(queue.fill(buffer, Pocl.floats(0), 0, 1024, List.of()),
            queue.launch(kernel, 1, null, new long[] {128}, null, List.of()),
            queue.marker(List.of()));
        assertTrue(contextReferences(session) > 1);

        kernel.release();
        restored.release();
        program.release();
        region.release();
        buffer.release();
        queue.release();
        assertEquals(1, contextReferences(session));
        session.close();
        session.close();
    }

    private static long contextReferences(LwjglSession session) {
        long context = session.handle();
        return ClCalls.reader((param, size, value, sizeReturned) ->
            nclGetContextInfo(context, param, size, value, sizeReturned), "clGetContextInfo")
            .number(CL_CONTEXT_REFERENCE_COUNT, Integer.BYTES);
    }
}
