package io.omnicl.demos.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Command-line options of the form {@code --name value} or {@code --flag}. */
public final class Options {

    private final Map<String, String> values;

    private Options(Map<String, String> values) {
        this.values = values;
    }

    /**
     * Parses {@code args}; an option followed by another option or by nothing is a flag.
     *
     * @throws IllegalArgumentException for an argument that is not an option
     */
    public static Options parse(String... args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument " + args[i]);
            }
            String key = args[i].substring(2);
            boolean flag = i + 1 >= args.length || args[i + 1].startsWith("--");
            values.put(key, flag ? "true" : args[++i]);
        }
        return new Options(values);
    }

    /** Only the options named, e.g. to pass a workload's own options on to a child. */
    public Options only(Set<String> names) {
        Map<String, String> kept = new LinkedHashMap<>();
        values.forEach((k, v) -> {
            if (names.contains(k)) {
                kept.put(k, v);
            }
        });
        return new Options(kept);
    }

    /** Back to arguments, in the order given. */
    public List<String> toArgs() {
        return values.entrySet().stream()
                .flatMap(e -> e.getValue().equals("true") ? Arrays.asList("--" + e.getKey()).stream()
                        : Arrays.asList("--" + e.getKey(), e.getValue()).stream())
                .toList();
    }

    /**
     * @throws IllegalArgumentException naming the first option given that is not in {@code known} (a typo
     *         would otherwise be ignored silently)
     */
    public void requireKnown(Set<String> known) {
        for (String name : values.keySet()) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown option --" + name);
            }
        }
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    public String get(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    /** @throws IllegalArgumentException when the value given is not a whole number */
    public int getInt(String name, int fallback) {
        String v = values.get(name);
        try {
            return v == null ? fallback : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " needs a whole number, not '" + v + "'");
        }
    }

    public boolean flag(String name) {
        return Boolean.parseBoolean(values.getOrDefault(name, "false"));
    }

    /** A comma-separated list, or {@code fallback} when the option is absent. */
    public List<String> list(String name, String fallback) {
        return Arrays.stream(get(name, fallback).split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
