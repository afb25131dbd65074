package io.omnicl.runtime.access;

import java.util.List;

/**
 * What one part of a launch reads and writes of one buffer argument.
 *
 * @param arg           the argument's index
 * @param reads         bytes the part may read (a superset of what it reads)
 * @param writes        bytes the part may write (a superset of what it writes)
 * @param writesCovered whether the part writes every byte of {@code writes}; when not, bytes of {@code writes} it
 *                      leaves alone must hold their current value on the device that runs it
 */
public record ArgAccess(int arg, List<ByteRange> reads, List<ByteRange> writes, boolean writesCovered) {
    public ArgAccess {
        reads = List.copyOf(reads);
        writes = List.copyOf(writes);
    }
}
