package io.omnicl.demos.bench;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The workloads {@code omnicl bench} knows, each made from its own options: first those cut into tasks
 * through {@link Target}'s calls with events, then those written as most JOCL programs are (Java arrays,
 * blocking transfers, one queue, no events).
 */
public final class Workloads {

    /** Each workload's options with their defaults. */
    private static final Map<String, Map<String, String>> DEFAULTS = Map.of(
            "mandelbrot", Map.of("width", "1024", "height", "768", "blocks", "32", "iterations", "2000"),
            "matmul", Map.of("n", "1024", "blocks", "16"),
            "jacobi", Map.of("n", "1024", "iterations", "200"),
            "overhead", Map.of("kernels", "10000", "items", "16"),
            "frame", Map.of("width", "4096", "height", "4096", "iterations", "10000"),
            "saxpy", Map.of("n", "33554432", "launches", "50"),
            "jacobi1", Map.of("n", "1024", "iterations", "200"),
            "roundtrip", Map.of("rounds", "1000", "items", "1024"));

    private Workloads() {
    }

    /** The names, in the order of the usage text. */
    public static List<String> names() {
        return List.of("mandelbrot", "matmul", "jacobi", "overhead", "frame", "saxpy", "jacobi1", "roundtrip");
    }

    /** The options of workload {@code name}, with their defaults. */
    public static Map<String, String> defaults(String name) {
        Map<String, String> d = DEFAULTS.get(name);
        if (d == null) {
            throw new IllegalArgumentException("unknown workload '" + name + "' (known: " + names() + ")");
        }
        return d;
    }

    /** The options among {@code o} that belong to workload {@code name}, to pass on to a child. */
    public static Options own(String name, Options o) {
        return o.only(Set.copyOf(defaults(name).keySet()));
    }

    /** The workload {@code name} with its options from {@code o}, defaults for the rest. */
    public static Workload create(String name, Options o) {
        Map<String, String> d = defaults(name);
        switch (name) {
            case "mandelbrot":
                return new MandelbrotWorkload(new MandelbrotWorkload.Frame(integer(o, d, "width"),
                        integer(o, d, "height"), integer(o, d, "blocks"), integer(o, d, "iterations")));
            case "matmul":
                return new MatMulWorkload(integer(o, d, "n"), integer(o, d, "blocks"));
            case "jacobi":
                return new JacobiWorkload(integer(o, d, "n"), integer(o, d, "iterations"));
            case "overhead":
                return new KernelChainWorkload(integer(o, d, "kernels"), integer(o, d, "items"));
            case "frame":
                return new FrameWorkload(integer(o, d, "width"), integer(o, d, "height"), integer(o, d, "iterations"));
            case "saxpy":
                return new SaxpyWorkload(integer(o, d, "n"), integer(o, d, "launches"));
            case "jacobi1":
                return new PlainJacobiWorkload(integer(o, d, "n"), integer(o, d, "iterations"));
            default:
                return new RoundTripWorkload(integer(o, d, "rounds"), integer(o, d, "items"));
        }
    }

    private static int integer(Options o, Map<String, String> defaults, String name) {
        return Integer.parseInt(o.get(name, defaults.get(name)));
    }
}
