package io.omnicl.backend.signals;

import static io.omnicl.backend.signals.SignalActions.SA_RESETHAND;
import static io.omnicl.backend.signals.SignalActions.SIGUSR1;
import static io.omnicl.backend.signals.SignalActions.SIG_IGN;
import static io.omnicl.backend.signals.SignalActions.handlerOf;
import static io.omnicl.backend.signals.SignalActions.ignore;
import static io.omnicl.backend.signals.SignalActions.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * A handler that resets itself ({@code SA_RESETHAND}, as LLVM's do) is replaced by the one read before the first
 * OpenCL call; another (PoCL's own SIGFPE handler, a profiler's) stays.
 */
@EnabledOnOs(OS.LINUX)
class JvmSignalsTest {

    @Test
    void aHandlerThatResetsItselfIsReplacedByTheOneReadAtFirst() {
        JvmSignals.readNow();
        long first = handlerOf(SIGUSR1);
        ByteBuffer before = ignore(SIGUSR1, SA_RESETHAND);
        try {
            assertEquals(SIG_IGN, handlerOf(SIGUSR1));
            JvmSignals.putBack();
            assertEquals(first, handlerOf(SIGUSR1));
        } finally {
            set(SIGUSR1, before);
        }
    }

    @Test
    void aHandlerThatDoesNotResetItselfStays() {
        JvmSignals.readNow();
        ByteBuffer before = ignore(SIGUSR1, 0);
        try {
            JvmSignals.putBack();
            assertEquals(SIG_IGN, handlerOf(SIGUSR1));
        } finally {
            set(SIGUSR1, before);
        }
        assertNotEquals(SIG_IGN, handlerOf(SIGUSR1));
    }
}
