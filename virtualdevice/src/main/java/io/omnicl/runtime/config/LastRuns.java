package io.omnicl.runtime.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a program's last run tells its next about sharing one real context among a platform's GPUs
 * ({@code OMNICL_SHARED_CONTEXT=auto}): opening them together costs a program's start the second GPU's context and
 * build, which a program that runs a moment never earns back, and lets a stencil's launches be cut over them with the
 * edge rows relayed on the devices. So the next run shares a context where the last one's stencil launches that GPUs
 * of one context relay, or would have relayed, would have taken {@link #SHARING_PAYS_NANOS} or more whole. Kept in a
 * file of the performance model's directory, a line per program (its command line), for the latest
 * {@link #PROGRAMS} programs. A hint: where the file cannot be read or written, the GPUs open apart.
 */
public final class LastRuns {

    /** Relayed stencil launches' time whole, in a run, from which the next run shares a context. */
    static final long SHARING_PAYS_NANOS = 1_000_000_000L;
    static final String FILE = "runs";
    private static final int PROGRAMS = 256;

    private LastRuns() {
    }

    /** The program this JVM runs, as its command line names it (the main class or jar, and the arguments). */
    public static String thisProgram() {
        return System.getProperty("sun.java.command", "").replaceAll("\\s+", " ").trim();
    }

    /** Whether {@code program}'s last run, as kept under {@code directory}, says that sharing a context pays. */
    public static boolean sharedContextPays(Path directory, String program) {
        Long nanos = read(directory).get(program);
        return nanos != null && nanos >= SHARING_PAYS_NANOS;
    }

    /**
     * Keeps under {@code directory} that {@code program}'s run, ending now, relayed (or would have relayed) stencil
     * launches that would take {@code relayedStencilNanos} whole.
     */
    public static void record(Path directory, String program, long relayedStencilNanos) {
        Map<String, Long> runs = read(directory);
        runs.remove(program);
        runs.put(program, relayedStencilNanos);
        Iterator<String> oldest = runs.keySet().iterator();
        while (runs.size() > PROGRAMS) {
            oldest.next();
            oldest.remove();
        }
        List<String> lines = new ArrayList<>(runs.size());
        runs.forEach((p, nanos) -> lines.add(nanos + "\t" + p));
        Path file = directory.resolve(FILE);
        Path tmp = directory.resolve(FILE + ".tmp");
        try {
            Files.createDirectories(directory);
            Files.write(tmp, lines, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            // a hint lost: the next run opens the GPUs apart
        }
    }

    /** Each program's last run, oldest first; what cannot be read is left out. */
    private static Map<String, Long> read(Path directory) {
        Map<String, Long> runs = new LinkedHashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(directory.resolve(FILE), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return runs;
        }
        for (String line : lines) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                try {
                    runs.put(line.substring(tab + 1), Long.parseLong(line.substring(0, tab)));
                } catch (NumberFormatException e) {
                    // a line of another form: left out
                }
            }
        }
        return runs;
    }
}
