package io.omnicl.runtime;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.omnicl.runtime.graph.Log;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.logging.Level;

/**
 * Built program binaries, so that building the same source with the same options for the same kind of
 * real device again loads a binary instead of compiling: in memory (Caffeine, bounded by bytes) and on
 * disk (one file per key under the cache directory, which survives the JVM).
 */
final class ProgramCache {

    private static final long MEMORY_BYTES = 256L << 20;

    private final Cache<String, byte[]> memory = Caffeine.newBuilder()
            .maximumWeight(MEMORY_BYTES)
            .weigher((String key, byte[] binary) -> binary.length)
            .build();
    private final Path directory;

    /** A cache that also keeps binaries under {@code directory}; null keeps them in memory only. */
    ProgramCache(Path directory) {
        this.directory = directory;
    }

    /** The key of a build: what the program is, how it is built, and for which kind of real device. */
    static String key(String contentHash, String options, String device) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] {contentHash, options, device}) {
                sha.update(part.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    /** The binary built for {@code key}, from memory or disk. */
    Optional<byte[]> get(String key) {
        byte[] binary = memory.getIfPresent(key);
        if (binary == null && directory != null) {
            Path file = directory.resolve(key + ".bin");
            try {
                if (Files.isRegularFile(file)) {
                    binary = Files.readAllBytes(file);
                    memory.put(key, binary);
                }
            } catch (IOException e) {
                Log.LOG.log(Level.FINE, "cannot read cached binary " + file, e);
            }
        }
        return Optional.ofNullable(binary);
    }

    void put(String key, byte[] binary) {
        if (binary.length == 0) {
            return;
        }
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
