package io.omnicl.runtime.worker;

import io.omnicl.runtime.completion.Log;
import io.omnicl.runtime.sched.DeviceSpeed;
import io.omnicl.runtime.sched.PerfModel;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.logging.Level;

/**
 * Measures a real device once: how many multiply-adds per nanosecond it does on a simple kernel (grown
 * until it runs for a few milliseconds, so that launch costs do not hide a fast device), and its bus in
 * each direction. Only relative speeds matter: they let the scheduler guess a kernel's time on a device
 * that has not run it yet from its time on another.
 */
final class Calibration {

    private static final String SOURCE = String.join("\n",
            "__kernel void omnicl_calibrate(__global float* out, const int rounds) {",
            "    int i = get_global_id(0);",
            "    float a = i * 0.001f, b = 1.0001f;",
            "    for (int r = 0; r < rounds; r++) { a = mad(a, b, 0.5f); b = mad(b, 0.9999f, 0.0001f); }",
            "    out[i] = a + b;",
            "}");

    private static final long ENOUGH_NANOS = 5_000_000;
    private static final int ITEMS = 1 << 16;
    private static final int TRANSFER_BYTES = 16 << 20;

    private Calibration() {
    }

    /**
     * As a device's worker starts: maps the device's clock onto the host's, and measures the device unless the
     * performance model knows its speed, telling the model its compute speed divided by {@code throttle} (how
     * many times slower the device should behave).
     */
    static void measureOnce(DeviceNode node, DeviceSession session, RealQueue queue, DeviceClock clock, PerfModel model,
                            double throttle) {
        try {
            clock.calibrate(queue);
            if (model.speed(node.modelId()) == null) {
                DeviceSpeed measured = measure(session, queue);
                model.setSpeed(node.modelId(), new DeviceSpeed(measured.opsPerNano() / throttle,
                        measured.uploadPerNano(), measured.downloadPerNano(), measured.latencyNanos()));
            }
        } catch (RuntimeException e) {
            // a failing device is measured by the work it does, and dropped if it is lost
            Log.LOG.warning("OmniCL: could not calibrate " + node + ": " + e.getMessage());
        }
    }

    /** The device's speed, or {@link DeviceSpeed#UNKNOWN} when it cannot be measured. */
    static DeviceSpeed measure(DeviceSession session, RealQueue queue) {
        RealProgram program = null;
        RealKernel kernel = null;
        RealBuffer out = null;
        RealBuffer big = null;
        try {
            program = session.createProgram(SOURCE);
            if (!program.build("")) {
                return DeviceSpeed.UNKNOWN;
            }
            kernel = program.createKernel("omnicl_calibrate");
            out = session.allocate(4L * ITEMS);
            kernel.setArg(0, out);
            double opsPerNano = 0;
            for (int rounds = 64; rounds <= 64 << 12; rounds *= 4) {
                kernel.setArg(1, ByteBuffer.allocateDirect(4).order(ByteOrder.nativeOrder()).putInt(0, rounds));
                time(queue, queue.launch(kernel, 1, null, new long[] {ITEMS}, null, List.of()));
                long nanos = time(queue, queue.launch(kernel, 1, null, new long[] {ITEMS}, null, List.of()));
                opsPerNano = 2.0 * ITEMS * rounds / Math.max(1, nanos);
                if (nanos >= ENOUGH_NANOS) {
                    break;
                }
            }
            big = session.allocate(TRANSFER_BYTES);
            ByteBuffer host = ByteBuffer.allocateDirect(TRANSFER_BYTES);
            long up = time(queue, queue.write(big, 0, host, List.of()));
            long down = time(queue, queue.read(big, 0, host.clear(), List.of()));
            long start = System.nanoTime();
            time(queue, queue.write(big, 0, host.clear().limit(4), List.of()));
            long latency = System.nanoTime() - start;
            return new DeviceSpeed(opsPerNano, (double) TRANSFER_BYTES / Math.max(1, up),
                    (double) TRANSFER_BYTES / Math.max(1, down), latency);
        } catch (RuntimeException e) {
            Log.LOG.log(Level.WARNING, "could not calibrate " + session.device().name(), e);
            return DeviceSpeed.UNKNOWN;
        } finally {
            if (kernel != null) {
                kernel.release();
            }
            if (program != null) {
                program.release();
            }
            if (out != null) {
                out.release();
            }
            if (big != null) {
                big.release();
            }
        }
    }

    /** Waits for {@code e}; returns its device time, or the host's when the device gives none. */
    private static long time(RealQueue queue, RealEvent e) {
        long start = System.nanoTime();
        queue.flush();
        try {
            e.await();
            long[] t = e.profile();
            return t != null ? t[3] - t[2] : System.nanoTime() - start;
        } finally {
            e.release();
        }
    }
}
