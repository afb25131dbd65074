package io.omnicl.runtime;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.omnicl.runtime.completion.Log;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;

/**
 * Built program binaries, so that building the same source with the same options for the same kind of
 * real device again loads a binary instead of compiling: in memory (Caffeine, bounded by bytes) and on
 * disk (one file per key under the cache directory, which survives the JVM).
 */
public final class ProgramCache {

    private static final long MEMORY_BYTES = 256L << 20;
    /** Part of every key: entries of another layout are never read. */
    private static final String FORMAT = "entry-2";

    /**
     * A built program as kept: the device's binary, and what a program loaded from a binary may not tell
     * (PoCL forgets the attributes a kernel was declared with).
     */
    record Entry(byte[] binary, Map<String, String> kernelAttributes) {

        byte[] encode() {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeInt(kernelAttributes.size());
                for (Map.Entry<String, String> e : kernelAttributes.entrySet()) {
                    out.writeUTF(e.getKey());
                    out.writeUTF(e.getValue());
                }
                out.write(binary);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }

        static Entry decode(byte[] encoded) throws IOException {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(encoded));
            int count = in.readInt();
            Map<String, String> attributes = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                attributes.put(in.readUTF(), in.readUTF());
            }
            return new Entry(in.readAllBytes(), attributes);
        }
    }

    private final Cache<String, byte[]> memory = Caffeine.newBuilder()
            .maximumWeight(MEMORY_BYTES)
            .weigher((String key, byte[] binary) -> binary.length)
            .build();
    private final Path directory;

    /** A cache that also keeps binaries under {@code directory}; null keeps them in memory only. */
    public ProgramCache(Path directory) {
        this.directory = directory;
    }

    /** The key of a build: what the program is, how it is built, and for which kind of real device. */
    static String key(String contentHash, String options, String device) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] {FORMAT, contentHash, options, device}) {
                sha.update(part.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    /** What was built for {@code key}, from memory or disk. */
    Optional<Entry> get(String key) {
        byte[] encoded = memory.getIfPresent(key);
        Path file = directory == null ? null : directory.resolve(key + ".bin");
        try {
            if (encoded == null && file != null && Files.isRegularFile(file)) {
                encoded = Files.readAllBytes(file);
                memory.put(key, encoded);
            }
            return encoded == null ? Optional.empty() : Optional.of(Entry.decode(encoded));
        } catch (IOException e) {
            Log.LOG.log(Level.FINE, "cannot read cached binary " + file, e);
            return Optional.empty();
        }
    }

    void put(String key, Entry entry) {
        if (entry.binary().length == 0) {
            return;
        }
        byte[] binary = entry.encode();
        memory.put(key, binary);
        if (directory == null) {
            return;
        }
        try {
            Files.createDirectories(directory);
            Path tmp = Files.createTempFile(directory, key, ".tmp");
            Files.write(tmp, binary);
            Files.move(tmp, directory.resolve(key + ".bin"), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Log.LOG.log(Level.FINE, "cannot cache a binary in " + directory, e);
        }
    }

    /** Forgets a binary that no longer builds (the driver changed, say). */
    void remove(String key) {
        memory.invalidate(key);
        if (directory != null) {
            try {
                Files.deleteIfExists(directory.resolve(key + ".bin"));
            } catch (IOException e) {
                Log.LOG.log(Level.FINE, "cannot remove a cached binary", e);
            }
        }
    }
}
