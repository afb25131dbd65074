package io.omnicl.backend.lwjgl;

import static org.lwjgl.opencl.CL10.CL_CONTEXT_REFERENCE_COUNT;
import static org.lwjgl.opencl.CL10.nclGetContextInfo;

import io.omnicl.spi.Backend;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.suite.ReleaseContract;

class ReleaseTest extends ReleaseContract {

    @Override
    protected Backend backend() {
        return new LwjglBackend();
    }

    @Override
    protected long contextReferences(DeviceSession session) {
        long context = ((LwjglSession) session).handle();
        return ClCalls.reader((param, size, value, sizeReturned) ->
            nclGetContextInfo(context, param, size, value, sizeReturned), "clGetContextInfo")
            .number(CL_CONTEXT_REFERENCE_COUNT, Integer.BYTES);
    }
}
