package io.omnicl.runtime.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The configuration read from {@code OMNICL_*} (here through the system properties that stand for them): good
 * values are read, and a bad one stops the platform with a message naming the variable, rather than a bare
 * parse error or a silent default.
 */
class ConfigTest {

    /** The configuration with one variable set through its system property. */
    private static Config with(String variable, String value) {
        String property = variable.toLowerCase(java.util.Locale.ROOT).replace('_', '.');
        System.setProperty(property, value);
        try {
            return Config.fromEnvironment();
        } finally {
            System.clearProperty(property);
        }
    }

    /** Sets system property {@code name} back to {@code value}, or clears it where that is null. */
    private static void restore(String name, String value) {
        if (value == null) {
            System.clearProperty(name);
        } else {
            System.setProperty(name, value);
        }
    }

    private static void rejected(String variable, String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> with(variable, value),
                variable + "=" + value);
        assertTrue(e.getMessage().contains(variable), e.getMessage());
    }

    @Test
    void goodValuesAreRead() {
        assertEquals(8, with("OMNICL_INFLIGHT", "8").maxInFlight());
        assertEquals(Config.DEFAULT_IN_FLIGHT, Config.fromEnvironment().maxInFlight());
        assertEquals(3L << 20, with("OMNICL_DEVICE_MEM_LIMIT", "3M").deviceMemLimit());
        assertEquals("off", with("OMNICL_PINNED", "off").pinned());
        assertEquals(Map.of("1", 4.0, "CPU", 2.5), with("OMNICL_THROTTLE", "1=4, CPU=2.5").throttle());
        assertEquals(120_000, with("OMNICL_WATCH", "120").watchNanos(2));
        assertEquals(0, with("OMNICL_WATCH", "0").watchNanos(2));
        assertTrue(Config.defaults().preload());
        assertTrue(with("OMNICL_PRELOAD", "on").preload());
        assertEquals(false, with("OMNICL_PRELOAD", "0").preload());
        assertEquals(false, with("OMNICL_PRELOAD", "OFF").preload());
        assertTrue(Config.defaults().lazyOpen());
        assertTrue(with("OMNICL_LAZY_OPEN", "1").lazyOpen());
        assertEquals(false, with("OMNICL_LAZY_OPEN", "off").lazyOpen());
    }

    /**
     * Unless set, the GPUs of a platform share a context where this program's last run says it pays (the performance
     * model's directory keeps it), and then open at once.
     */
    @Test
    void theGpusShareAContextWhereTheProgramsLastRunSaysSoUnlessSaidOtherwise(@TempDir Path kept) {
        String program = System.getProperty("sun.java.command");
        String modelDir = System.getProperty("omnicl.perfmodel.dir");
        System.setProperty("sun.java.command", "Jacobi  8192");
        System.setProperty("omnicl.perfmodel.dir", kept.toString());
        try {
            assertEquals(false, Config.fromEnvironment().sharedContext(), "no run yet");
            LastRuns.record(kept, "Jacobi 8192", new LastRuns.Run(1, LastRuns.SHARING_PAYS_NANOS, false, false));
            assertTrue(Config.fromEnvironment().sharedContext());
            assertEquals(false, Config.fromEnvironment().lazyOpen());
            assertTrue(with("OMNICL_SHARED_CONTEXT", "AUTO").sharedContext());
            assertEquals(false, with("OMNICL_SHARED_CONTEXT", "off").sharedContext());
            LastRuns.record(kept, "Jacobi 8192", new LastRuns.Run(1, 0, true, false));
            assertEquals(false, Config.fromEnvironment().sharedContext());
            assertTrue(Config.fromEnvironment().lazyOpen());
            assertTrue(with("OMNICL_SHARED_CONTEXT", "1").sharedContext());
            rejected("OMNICL_SHARED_CONTEXT", "sometimes");
        } finally {
            restore("omnicl.perfmodel.dir", modelDir);
            restore("sun.java.command", program);
        }
    }

    @Test
    void theGpusOpenAtOnceWhereTheyShareAContextUnlessSaidOtherwise() {
        assertEquals(false, with("OMNICL_SHARED_CONTEXT", "on").lazyOpen());
        assertTrue(with("OMNICL_SHARED_CONTEXT", "off").lazyOpen());
        System.setProperty("omnicl.lazy.open", "on");
        try {
            assertTrue(with("OMNICL_SHARED_CONTEXT", "on").lazyOpen());
        } finally {
            System.clearProperty("omnicl.lazy.open");
        }
    }

    @Test
    void anAutomaticWatchOnlyWhereCoresAreToSpare() {
        Config auto = with("OMNICL_WATCH", "auto");
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(0, auto.watchNanos(cores - 1));
        assertEquals(cores > 2 ? Config.AUTO_WATCH_MICROS * 1000L : 0, auto.watchNanos(1));
        assertEquals(auto.watchNanos(1), Config.defaults().watchNanos(1));
    }

    @Test
    void aBadValueNamesItsVariable() {
        rejected("OMNICL_INFLIGHT", "abc");
        rejected("OMNICL_INFLIGHT", "0");
        rejected("OMNICL_DEVICE_MEM_LIMIT", "lots");
        rejected("OMNICL_PINNED", "yes");
        rejected("OMNICL_PRELOAD", "maybe");
        rejected("OMNICL_THROTTLE", "1");
        rejected("OMNICL_THROTTLE", "1=fast");
        rejected("OMNICL_THROTTLE", "1=0.5");
        rejected("OMNICL_WATCH", "-2");
        rejected("OMNICL_WATCH", "long");
    }
}
