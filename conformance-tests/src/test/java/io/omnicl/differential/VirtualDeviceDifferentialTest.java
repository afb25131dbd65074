package io.omnicl.differential;

import static org.jocl.CL.CL_DEVICE_TYPE_ALL;

import io.omnicl.conformance.Target;

import java.util.List;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.Tag;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.jocl.CL;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;


/**
 * Differential property: a random race-free program gives the same host reads and the same final buffer
 * contents on the virtual device (device 0, over every real device, with the program's in-order and
 * out-of-order queues) as on one pinned device (device 1) running it step by step on one in-order queue.
 * Tries come from {@code -Ddifferential.tries} (see {@link TriesFromSystemProperty}); a failing program is
 * shrunk by jqwik and printed as pseudo-code.
 */
@Tag("differential")
class VirtualDeviceDifferentialTest {

    /** The virtual device should spread the commands over at least this many real devices. */
    private static final int MIN_REAL_DEVICES = 3;

    private static ClSession reference;
    private static ClSession virtual;

    @BeforeContainer
    static void openSessions() {
        CL.setExceptionsEnabled(false);
        if (Target.kind() != Target.Kind.VIRTUAL) {
            throw new IllegalStateException("differential tests run with -Domnicl.target=virtual, not " + Target.kind());
        }
        cl_platform_id platform = Target.platform();
        cl_device_id[] devices = Target.devicesOf(platform, CL_DEVICE_TYPE_ALL);
        if (devices.length < 1 + MIN_REAL_DEVICES) {
            throw new IllegalStateException("the virtual device aggregates " + (devices.length - 1)
                    + " real device(s), the differential tests need " + MIN_REAL_DEVICES
                    + " (POCL_DEVICES=\"basic basic pthread\")");
        }
        virtual = new ClSession(platform, devices[0]);
        reference = new ClSession(platform, devices[1]);
    }

    @AfterContainer
    static void closeSessions() {
        if (virtual != null) {
            virtual.close();
        }
        if (reference != null) {
            reference.close();
        }
    }

    // full shrinking: a failing program shrinks to a few commands in seconds (a try takes milliseconds)
    @Property(shrinking = ShrinkingMode.FULL)
    @AddLifecycleHook(TriesFromSystemProperty.class)
    void virtualDeviceAgreesWithInOrderReference(@ForAll("programs") Program program) {
        Outcome expected = new ReferenceRun(reference, program).run();
        Outcome actual = new VirtualRun(virtual, program).run();
        String differences = Outcome.differences(expected, actual);
        if (!differences.isEmpty()) {
            throw new AssertionError("the virtual device differs from the in-order reference:\n" + differences);
        }
    }

    @Provide
    Arbitrary<Program> programs() {
        // sub-buffer origins must suit both devices
        int alignment = Math.max(reference.subBufferAlignment(), virtual.subBufferAlignment());
        return ProgramGenerator.programs(alignment, OptionalCommands.fromSystemProperties());
    }
}
