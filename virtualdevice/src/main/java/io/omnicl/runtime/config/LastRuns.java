package io.omnicl.runtime.config;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
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
 * of one context relay, or would have relayed, would have taken {@link #SHARING_PAYS_NANOS} or more whole; not where a
 * run that asked for one found that the driver could not make it ({@link #COULD_NOT_SHARE}), until a run that asks
 * again finds otherwise. Kept in a file of the performance model's directory, a line per program (its command line),
 * for the latest {@link #PROGRAMS} programs, each JVM's update made under a lock of the file. A hint: where the file
 * cannot be read or written, the GPUs open apart.
 */
public final class LastRuns {

    /** Relayed stencil launches' time whole, in a run, from which the next run shares a context. */
    static final long SHARING_PAYS_NANOS = 1_000_000_000L;
    /** What a run keeps where it asked for a shared context and the driver could not make one. */
    static final long COULD_NOT_SHARE = -1;
    static final String FILE = "runs";
    private static final int PROGRAMS = 256;
    /** Longer command lines are kept cut to this; a longer file is not read (it was not written here). */
    private static final int LONGEST_PROGRAM = 1000;
    private static final long LARGEST_FILE = 1 << 20;

    private LastRuns() {
    }

    /** The program this JVM runs, as its command line names it (the main class or jar, and the arguments). */
    public static String thisProgram() {
        String program = System.getProperty("sun.java.command", "").replaceAll("\\s+", " ").trim();
        return program.length() > LONGEST_PROGRAM ? program.substring(0, LONGEST_PROGRAM) : program;
    }

    /** Whether {@code program}'s last run, as kept under {@code directory}, says that sharing a context pays. */
    public static boolean sharedContextPays(Path directory, String program) {
        Long nanos = read(directory).get(program);
        return nanos != null && nanos >= SHARING_PAYS_NANOS;
    }

    /**
     * What a run says as it ends: how many launches it made on the virtual device, the time its relayed (or relayable)
     * stencil launches would take whole, whether it asked for a shared context, and whether the driver could then only
     * open the GPUs apart.
     */
    public record Run(long launches, long relayedStencilNanos, boolean askedToShare, boolean openedApart) {
    }

    /**
     * Keeps under {@code directory} what {@code program}'s run, ending now, says for its next: the time of its relayed
     * stencil launches, or {@link #COULD_NOT_SHARE} where the driver could only open the GPUs apart (which only a run
     * that asked for a shared context finds). A run that did not ask leaves a {@link #COULD_NOT_SHARE} as it was; a
     * run that launched nothing on the virtual device (it failed early, or was asked for its options) says nothing.
     */
    public static synchronized void record(Path directory, String program, Run run) {
        if (run.launches() == 0) {
            return;
        }
        try {
            Files.createDirectories(directory);
            try (FileChannel lockFile = FileChannel.open(directory.resolve(FILE + ".lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock lock = lockFile.lock()) {
                Map<String, Long> runs = read(directory);
                Long before = runs.remove(program);
                boolean keepRefusal = !run.askedToShare() && before != null && before == COULD_NOT_SHARE;
                runs.put(program, keepRefusal || run.openedApart() ? COULD_NOT_SHARE : run.relayedStencilNanos());
                Iterator<String> oldest = runs.keySet().iterator();
                while (runs.size() > PROGRAMS) {
                    oldest.next();
                    oldest.remove();
                }
                List<String> lines = new ArrayList<>(runs.size());
                runs.forEach((p, nanos) -> lines.add(nanos + "\t" + p));
                write(directory.resolve(FILE), lines);
            }
        } catch (IOException | RuntimeException e) {
            // a hint lost: the next run opens the GPUs apart
        }
    }

    /** Replaces {@code file} with {@code lines}, through a file of its own beside it. */
    private static void write(Path file, List<String> lines) throws IOException {
        Path tmp = Files.createTempFile(file.getParent(), FILE, ".tmp");
        try {
            Files.write(tmp, lines, StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Each program's last run, oldest first; what cannot be read is left out. */
    private static Map<String, Long> read(Path directory) {
        Map<String, Long> runs = new LinkedHashMap<>();
        List<String> lines;
        try {
            Path file = directory.resolve(FILE);
            if (Files.size(file) > LARGEST_FILE) {
                return runs;
            }
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
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
