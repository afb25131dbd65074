package io.omnicl.demos;

import io.omnicl.OmniCL;
import io.omnicl.demos.bench.Bench;
import io.omnicl.demos.bench.ChromeTrace;
import io.omnicl.demos.bench.GanttChart;
import io.omnicl.demos.bench.MandelbrotWorkload;
import io.omnicl.demos.bench.OneShotBench;
import io.omnicl.demos.bench.Options;
import io.omnicl.driver.DeviceCounters;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import static org.jocl.CL.*;

/**
 * The {@code omnicl} command line: {@code info}, {@code demo mandelbrot}, {@code bench <workload>},
 * {@code bench oneshot} and {@code gantt <trace.json>}.
 */
public final class Main {

    private static final String USAGE = String.join("\n",
            "usage: omnicl info",
            "       omnicl demo mandelbrot [--mode virtual|single|block|cyclic] [--width 1024] [--height 768]",
            "                              [--blocks 32] [--iterations 2000] [--out mandelbrot.png] [--repeat 1]",
            "                              [--compare]",
            "       omnicl gantt <trace.json> [--out <trace>.png] [--last-ms D | --from-ms A --to-ms B] [--title T]",
            "                              (a chart of an OMNICL_TRACE file: all of it, its last D ms, or A to B ms)",
            Bench.USAGE,
            OneShotBench.USAGE);

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        try {
            run(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
        }
    }

    private static void run(String[] args) throws Exception {
        if (args.length >= 1 && args[0].equals("info")) {
            InfoCommand.print(System.out);
        } else if (args.length >= 2 && args[0].equals("demo") && args[1].equals("mandelbrot")) {
            mandelbrot(Options.parse(Arrays.copyOfRange(args, 2, args.length)));
        } else if (args.length >= 2 && args[0].equals("bench") && args[1].equals("oneshot")) {
            System.exit(OneShotBench.run(Options.parse(Arrays.copyOfRange(args, 2, args.length))));
        } else if (args.length >= 2 && args[0].equals("bench")) {
            System.exit(Bench.run(args[1], Options.parse(Arrays.copyOfRange(args, 2, args.length))));
        } else if (args.length >= 2 && args[0].equals("gantt")) {
            gantt(Path.of(args[1]), Options.parse(Arrays.copyOfRange(args, 2, args.length)));
        } else {
            System.out.println(USAGE);
            System.exit(args.length == 0 ? 0 : 2);
        }
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static void gantt(Path file, Options o) throws IOException {
        ChromeTrace trace = ChromeTrace.read(file);
        double start = trace.startMicros();
        double end = trace.endMicros();
        double from = o.has("last-ms") ? end - Double.parseDouble(o.get("last-ms", "0")) * 1e3
                : start + Double.parseDouble(o.get("from-ms", "0")) * 1e3;
        double to = o.has("to-ms") ? start + Double.parseDouble(o.get("to-ms", "0")) * 1e3 : end;
        Path png = Path.of(o.get("out", file.toString().replaceFirst("\\.json$", "") + ".png"));
        new GanttChart(trace, from, to).write(o.get("title", file.getFileName().toString()), png);
        System.out.println("chart written to " + png);
    }

    private static void mandelbrot(Options o) throws Exception {
        MandelbrotWorkload.Frame frame = new MandelbrotWorkload.Frame(o.getInt("width", 1024),
                o.getInt("height", 768), o.getInt("blocks", 32), o.getInt("iterations", 2000));
        Mandelbrot.Mode mode = Mandelbrot.Mode.valueOf(o.get("mode", "virtual").toUpperCase(Locale.ROOT));
        int repeat = o.getInt("repeat", 1);
        Mandelbrot.Result r = Mandelbrot.render(frame, mode);
        long[] times = new long[repeat];
        times[0] = r.nanos();
        for (int i = 1; i < repeat; i++) {
            r = Mandelbrot.render(frame, mode);
            times[i] = r.nanos();
        }
        File out = new File(o.get("out", "mandelbrot.png"));
        Mandelbrot.writePng(r.iterations(), frame, out);
        System.out.printf("mandelbrot %dx%d, %d blocks, mode %s: %.1f ms (median of %d), image %s%n", frame.width(),
                frame.height(), frame.blocks(), mode.name().toLowerCase(Locale.ROOT), median(times) / 1e6, repeat, out);
        List<DeviceCounters> devices = OmniCL.counters();
        for (int i = 0; i < devices.size(); i++) {
            System.out.printf("  %-40s %d blocks%n", devices.get(i).device(), r.blocksPerDevice()[i]);
        }
        if (o.flag("compare")) {
            Mandelbrot.Result single = Mandelbrot.render(frame, Mandelbrot.Mode.SINGLE);
            for (int i = 1; i < repeat; i++) {
                single = Mandelbrot.render(frame, Mandelbrot.Mode.SINGLE);
            }
            boolean same = Arrays.equals(single.iterations(), r.iterations());
            System.out.printf("same image as one device alone, bit for bit: %s (single device: %.1f ms)%n", same,
                    single.nanos() / 1e6);
            if (!same) {
                System.exit(1);
            }
        }
    }
}
