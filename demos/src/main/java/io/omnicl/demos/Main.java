package io.omnicl.demos;

import io.omnicl.OmniCL;
import io.omnicl.driver.DeviceCounters;

import java.io.File;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.jocl.CL.*;

/** The {@code omnicl} command line: {@code info} and {@code demo mandelbrot}. */
public final class Main {

    private static final String USAGE = String.join("\n",
            "usage: omnicl info",
            "       omnicl demo mandelbrot [--mode virtual|single|block|cyclic] [--width 1024] [--height 768]",
            "                              [--blocks 32] [--iterations 2000] [--out mandelbrot.png] [--repeat 1]",
            "                              [--compare]");

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 1 && args[0].equals("info")) {
            InfoCommand.print(System.out);
        } else if (args.length >= 2 && args[0].equals("demo") && args[1].equals("mandelbrot")) {
            mandelbrot(options(Arrays.copyOfRange(args, 2, args.length)));
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

    private static Map<String, String> options(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("unexpected " + args[i] + "\n" + USAGE);
            }
            String key = args[i].substring(2);
            boolean flag = i + 1 >= args.length || args[i + 1].startsWith("--");
            o.put(key, flag ? "true" : args[++i]);
        }
        return o;
    }

    private static void mandelbrot(Map<String, String> o) throws Exception {
        Mandelbrot.Frame frame = new Mandelbrot.Frame(Integer.parseInt(o.getOrDefault("width", "1024")),
                Integer.parseInt(o.getOrDefault("height", "768")), Integer.parseInt(o.getOrDefault("blocks", "32")),
                Integer.parseInt(o.getOrDefault("iterations", "2000")));
        Mandelbrot.Mode mode = Mandelbrot.Mode.valueOf(o.getOrDefault("mode", "virtual").toUpperCase(Locale.ROOT));
        int repeat = Integer.parseInt(o.getOrDefault("repeat", "1"));
        Mandelbrot.Result r = Mandelbrot.render(frame, mode);
        long[] times = new long[repeat];
        times[0] = r.nanos();
        for (int i = 1; i < repeat; i++) {
            r = Mandelbrot.render(frame, mode);
            times[i] = r.nanos();
        }
        File out = new File(o.getOrDefault("out", "mandelbrot.png"));
        Mandelbrot.writePng(r.iterations(), frame, out);
        System.out.printf("mandelbrot %dx%d, %d blocks, mode %s: %.1f ms (median of %d), image %s%n", frame.width(),
                frame.height(), frame.blocks(), mode.name().toLowerCase(Locale.ROOT), median(times) / 1e6, repeat, out);
        List<DeviceCounters> devices = OmniCL.counters();
        for (int i = 0; i < devices.size(); i++) {
            System.out.printf("  %-40s %d blocks%n", devices.get(i).device(), r.blocksPerDevice()[i]);
        }
        if (o.containsKey("compare")) {
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
