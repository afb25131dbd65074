package io.omnicl.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One step of a generated program, in the program's logical (sequential) order. Steps that enqueue an
 * OpenCL command name the graph node of their event ({@code e<node>}), the logical queue and the events they
 * wait for; host steps (user events, waiting for a non-blocking read) have no queue. Offsets are bytes
 * relative to the memory object.
 */
sealed interface Command {

    /** Readable pseudo-code of the step, naming memory objects as {@code program} does. */
    String text(Program program);

    /** The memory objects the step names. */
    default List<Integer> memoriesNamed() {
        return List.of();
    }

    /** The event nodes the step names: its own, those it waits for, those it completes. */
    List<Integer> nodesNamed();

    /** A step that enqueues one command with an event and a wait list. */
    sealed interface Enqueued extends Command {
        int node();

        int queue();

        List<Integer> waits();

        @Override
        default List<Integer> nodesNamed() {
            List<Integer> nodes = new ArrayList<>(waits());
            nodes.add(node());
            return nodes;
        }
    }

    /** How a map step maps its range. */
    enum MapMode {
        READ, WRITE, READ_WRITE, WRITE_INVALIDATE_REGION;

        /** Whether the host may read the mapped bytes, which are then part of what the program observes. */
        boolean hostReads() {
            return this == READ || this == READ_WRITE;
        }

        boolean hostWrites() {
            return this != READ;
        }
    }

    /** Width in bytes, height in rows and depth in slices of a rectangular transfer. */
    record Region(long width, long height, long depth) {
        long[] toArray() {
            return new long[] {width, height, depth};
        }

        @Override
        public String toString() {
            return width + "x" + height + "x" + depth;
        }
    }

    /** Where a rectangular region lies in a buffer or host array. */
    record RectPlacement(long x, long y, long z, long rowPitch, long slicePitch) {
        long[] origin() {
            return new long[] {x, y, z};
        }

        /** Byte offset of the first byte of row {@code row} of slice {@code slice} of the region. */
        long rowStart(long row, long slice) {
            return (z + slice) * slicePitch + (y + row) * rowPitch + x;
        }

        /** Bytes from offset 0 up to the end of the region. */
        long extent(Region region) {
            return rowStart(region.height() - 1, region.depth() - 1) + region.width();
        }

        @Override
        public String toString() {
            return "origin (" + x + "," + y + "," + z + ") pitches " + rowPitch + "/" + slicePitch;
        }
    }

    record RunKernel(int node, int queue, List<Integer> waits, KernelKind kernel, List<Integer> arguments,
                     int scalar, int globalOffset, int globalSize, int localSize) implements Enqueued {
        @Override
        public List<Integer> memoriesNamed() {
            return arguments;
        }

        @Override
        public String text(Program p) {
            String args = arguments.stream().map(a -> p.memory(a).name()).collect(Collectors.joining(", "));
            return enqueued(this, "kernel " + kernel.functionName + "(" + args
                    + (kernel.usesScalar ? ", k=" + Integer.toUnsignedString(scalar) : "") + ") global "
                    + globalSize + (localSize == 0 ? "" : " local " + localSize) + (globalOffset != 0 ? " offset " + globalOffset : "")
                    + (kernel.workDim() == 1 ? "" : " as " + LaunchShape.of(this).text()));
        }
    }

    record CopyBuffer(int node, int queue, List<Integer> waits, int source, int destination, int sourceOffset,
                      int destinationOffset, int size) implements Enqueued {
        @Override
        public List<Integer> memoriesNamed() {
            return List.of(source, destination);
        }

        @Override
        public String text(Program p) {
            return enqueued(this, "copy " + p.memory(source).name() + range(sourceOffset, size) + " -> "
                    + p.memory(destination).name() + range(destinationOffset, size));
        }
    }

    record FillBuffer(int node, int queue, List<Integer> waits, int memory, byte[] pattern, int offset, int size)
            implements Enqueued {
        @Override
        public List<Integer> memoriesNamed() {
            return List.of(memory);
        }

        @Override
        public String text(Program p) {
            return enqueued(this, "fill " + p.memory(memory).name() + range(offset, size) + " with "
                    + hex(pattern, pattern.length));
        }
    }

    record WriteBuffer(int node, int queue, List<Integer> waits, int memory, int offset, byte[] data,
                       boolean blocking) implements Enqueued {
        @Override
        public List<Integer> memoriesNamed() {
            return List.of(memory);
        }

        @Override
        public String text(Program p) {
            return enqueued(this, "write " + p.memory(memory).name() + range(offset, data.length) + " from "
                    + hostSide(blocking) + " " + hex(data, 8));
        }
    }

    record ReadBuffer(int node, int queue, List<Integer> waits, int memory, int offset, int size,
                      boolean blocking) implements Enqueued {
        @Override
        public List<Integer> memoriesNamed() {
            return List.of(memory);
        }

        @Override
        public String text(Program p) {
            return enqueued(this, "read " + p.memory(memory).name() + range(offset, size) + " into "
                    + hostSide(blocking));
        }
    }

    /** Maps a range; the host holds it until the {@link UnmapBuffer} that names this map. */
    record MapBuffer(int node, int queue, List<Integer> waits, int memory, int offset, int size, MapMode mode,
                     boolean blocking) implements Enqueued {
        @Override
        public List<Integer> memoriesNamed() {
            return List.of(memory);
        }

        @Override
        public String text(Program p) {
            return enqueued(this, "map " + mode + " " + p.memory(memory).name() + range(offset, size)
                    + (blocking ? " blocking" : " non-blocking"));
        }
    }

    /**
     * Ends a mapping: waits for the map when it was non-blocking, lets the host read the mapped bytes (modes
     * that read) and write {@code hostData} at {@code hostOffset} of them (modes that write), then enqueues the
     * unmap.
     */
    record UnmapBuffer(int node, int queue, List<Integer> waits, MapBuffer map, int hostOffset, byte[] hostData)
            implements Enqueued {
        @Override
        public List<Integer> memoriesNamed() {
            return List.of(map.memory);
        }

        @Override
        public List<Integer> nodesNamed() {
            return Stream.concat(Enqueued.super.nodesNamed().stream(), Stream.of(map.node)).toList();
        }

        @Override
        public String text(Program p) {
            String host = (map.mode.hostReads() ? "host reads the mapped bytes" : "")
                    + (map.mode.hostReads() && map.mode.hostWrites() ? ", " : "")
                    + (map.mode.hostWrites() ? "host writes mapped" + range(hostOffset, hostData.length) + " "
                    + hex(hostData, 8) : "");
            return enqueued(this, (map.blocking ? "" : "wait for e" + map.node + "; ") + host + "; unmap e"
                    + map.node + " (" + p.memory(map.memory).name() + range(map.offset, map.size) + ")");
        }
    }

    record Marker(int node, int queue, List<Integer> waits) implements Enqueued {
        @Override
        public String text(Program p) {
            return enqueued(this, "marker");
        }
    }

    record Barrier(int node, int queue, List<Integer> waits) implements Enqueued {
        @Override
        public String text(Program p) {
            return enqueued(this, "barrier");
        }
    }

    record MigrateMemObjects(int node, int queue, List<Integer> waits, List<Integer> memories, boolean toHost)
            implements Enqueued {
        @Override
        public List<Integer> memoriesNamed() {
            return memories;
        }

        @Override
        public String text(Program p) {
            String names = memories.stream().map(m -> p.memory(m).name()).collect(Collectors.joining(", "));
            return enqueued(this, "migrate [" + names + "]" + (toHost ? " to host" : ""));
        }
    }

    record WriteBufferRect(int node, int queue, List<Integer> waits, int memory, RectPlacement inBuffer,
                           RectPlacement inHost, Region region, byte[] hostData, boolean blocking)
            implements Enqueued {
        @Override
        public List<Integer> memoriesNamed() {
            return List.of(memory);
        }

        @Override
        public String text(Program p) {
            return enqueued(this, "write rect " + region + " to " + p.memory(memory).name() + " " + inBuffer
                    + " from " + hostSide(blocking) + " of " + hostData.length + " bytes " + inHost);
        }
    }

    record ReadBufferRect(int node, int queue, List<Integer> waits, int memory, RectPlacement inBuffer,
                          RectPlacement inHost, Region region, int hostSize, boolean blocking)
            implements Enqueued {
        @Override
        public List<Integer> memoriesNamed() {
            return List.of(memory);
        }

        @Override
        public String text(Program p) {
            return enqueued(this, "read rect " + region + " of " + p.memory(memory).name() + " " + inBuffer
                    + " into " + hostSide(blocking) + " of " + hostSize + " bytes " + inHost);
        }
    }

    record CopyBufferRect(int node, int queue, List<Integer> waits, int source, int destination,
                          RectPlacement inSource, RectPlacement inDestination, Region region)
            implements Enqueued {
        @Override
        public List<Integer> memoriesNamed() {
            return List.of(source, destination);
        }

        @Override
        public String text(Program p) {
            return enqueued(this, "copy rect " + region + " " + p.memory(source).name() + " " + inSource
                    + " -> " + p.memory(destination).name() + " " + inDestination);
        }
    }

    record CreateUserEvent(int node) implements Command {
        @Override
        public List<Integer> nodesNamed() {
            return List.of(node);
        }

        @Override
        public String text(Program p) {
            return "e" + node + " = user event";
        }
    }

    record CompleteUserEvent(int node) implements Command {
        @Override
        public List<Integer> nodesNamed() {
            return List.of(node);
        }

        @Override
        public String text(Program p) {
            return "set e" + node + " complete";
        }
    }

    /** Waits for a non-blocking read; the read bytes are observed here. */
    record AwaitRead(int readNode) implements Command {
        @Override
        public List<Integer> nodesNamed() {
            return List.of(readNode);
        }

        @Override
        public String text(Program p) {
            return "wait for e" + readNode + ", inspect what it read";
        }
    }

    private static String enqueued(Enqueued c, String what) {
        String waits = c.waits().isEmpty() ? ""
                : " after " + c.waits().stream().map(w -> "e" + w).collect(Collectors.joining(", ", "[", "]"));
        return "e" + c.node() + ": q" + c.queue() + " " + what + waits;
    }

    private static String range(long offset, long size) {
        return "[" + offset + ".." + (offset + size) + ")";
    }

    private static String hostSide(boolean blocking) {
        return blocking ? "host array (blocking)" : "direct buffer (non-blocking)";
    }

    /** The first {@code limit} bytes in hex, with an ellipsis when there are more. */
    static String hex(byte[] bytes, int limit) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(limit, bytes.length); i++) {
            s.append(String.format("%02x", bytes[i] & 0xff));
        }
        return bytes.length > limit ? s + ".." : s.toString();
    }
}
