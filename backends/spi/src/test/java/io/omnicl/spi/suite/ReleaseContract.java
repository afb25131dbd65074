package io.omnicl.spi.suite;

import static io.omnicl.spi.suite.Pocl.awaitAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.ImageDesc;
import io.omnicl.spi.ImageFormat;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealImage;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import io.omnicl.spi.RealSampler;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every object made in a session holds its context; releasing them all must give those holds back. Reads and
 * writes are left out: a backend may hold a command's event (and so the context) a moment after the command
 * completes, as JOCL's own thread for each of them does, which would make the count race.
 */
public abstract class ReleaseContract extends BackendContract {

    /** The reference count of the session's real context ({@code CL_CONTEXT_REFERENCE_COUNT}). */
    protected abstract long contextReferences(DeviceSession session) throws Exception;

    @Test
    void releasingEverythingLeavesTheContextWithOnlyTheSessionsReference() throws Exception {
        DeviceSession session = device(0).open();
        assertEquals(1, contextReferences(session));

        RealQueue queue = session.createQueue(true);
        RealBuffer buffer = session.allocate(1024);
        RealBuffer region = buffer.region(0, 512);
        RealImage image = session.allocateImage(ClCodes.CL_MEM_READ_WRITE,
            new ImageFormat(ClCodes.CL_RGBA, ClCodes.CL_UNORM_INT8),
            new ImageDesc(ClCodes.CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 1, null));
        RealSampler sampler = session.createSampler(false, ClCodes.CL_ADDRESS_CLAMP_TO_EDGE, ClCodes.CL_FILTER_NEAREST);
        RealProgram program = session.createProgram(ProgramContract.KERNELS);
        assertTrue(program.build(ProgramContract.OPTIONS), program::buildLog);
        RealProgram restored = session.createProgram(program.binary());
        RealKernel kernel = program.createKernel("add");
        for (int arg = 0; arg < 3; arg++) {
            kernel.setArg(arg, region);
        }
        kernel.setArg(3, Pocl.floats(1));
        awaitAll(queue.fill(buffer, Pocl.floats(0), 0, 1024, List.of()),
            queue.launch(kernel, 1, null, new long[] {128}, null, List.of()),
            queue.fillImage(image, Pocl.floats(0, 0, 0, 0), new long[3], new long[] {4, 4, 1}, List.of()),
            queue.marker(List.of()));
        assertTrue(contextReferences(session) > 1);

        kernel.release();
        restored.release();
        program.release();
        sampler.release();
        image.release();
        region.release();
        buffer.release();
        queue.release();
        assertEquals(1, contextReferences(session));
        session.close();
        session.close();
    }
}
