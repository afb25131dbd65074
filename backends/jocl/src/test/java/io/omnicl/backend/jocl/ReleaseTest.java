package io.omnicl.backend.jocl;

import io.omnicl.spi.Backend;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.suite.ReleaseContract;
import java.util.function.ToLongFunction;

class ReleaseTest extends ReleaseContract {

    @Override
    protected Backend backend() {
        return new JoclBackend();
    }

    /** Only the real JOCL can ask, so the question runs in the session's isolated loader. */
    @Override
    @SuppressWarnings("unchecked")
    protected long contextReferences(DeviceSession session) throws ReflectiveOperationException {
        ToLongFunction<Object> probe = (ToLongFunction<Object>) Class.forName(
            IsolatedJoclLoader.ISOLATED_PACKAGE + "ContextReferences", true, session.getClass().getClassLoader())
            .getConstructor().newInstance();
        return probe.applyAsLong(session);
    }
}
