package io.omnicl.differential;

import java.util.List;

/**
 * A generated, race-free OpenCL program: memory objects (root buffers first, with their initial
 * contents, then sub-buffers), logical queues and the steps in logical order. Its {@link #toString()} is
 * readable pseudo-code, which is what jqwik prints for a failing (and shrunk) program.
 */
final class Program {

    private final List<Memory> memories;
    private final List<byte[]> initialContents;
    private final List<Boolean> outOfOrderQueues;
    private final List<Command> commands;
    private final int nodeCount;

    Program(List<Memory> memories, List<byte[]> initialContents, List<Boolean> outOfOrderQueues,
            List<Command> commands, int nodeCount) {
        this.memories = List.copyOf(memories);
        this.initialContents = List.copyOf(initialContents);
        this.outOfOrderQueues = List.copyOf(outOfOrderQueues);
        this.commands = List.copyOf(commands);
        this.nodeCount = nodeCount;
    }

    /** Every memory object; root buffers come first, so a root's id is its index in {@link #roots()}. */
    List<Memory> memories() {
        return memories;
    }

    List<Memory> roots() {
        return memories.subList(0, initialContents.size());
    }

    Memory memory(int id) {
        return memories.get(id);
    }

    byte[] initialContents(int root) {
        return initialContents.get(root);
    }

    int queueCount() {
        return outOfOrderQueues.size();
    }

    boolean isOutOfOrder(int queue) {
        return outOfOrderQueues.get(queue);
    }

    List<Command> commands() {
        return commands;
    }

    /** Number of event nodes (commands, unmaps and user events); nodes are numbered from 0. */
    int nodeCount() {
        return nodeCount;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("\n");
        for (Memory m : memories) {
            s.append("  ").append(m.name()).append(" = ");
            if (m.isRoot()) {
                s.append("buffer ").append(m.size()).append(" bytes, COPY_HOST_PTR ")
                        .append(Command.hex(initialContents(m.id()), 8));
            } else {
                s.append("sub-buffer of b").append(m.root()).append(" [").append(m.origin()).append("..")
                        .append(m.origin() + m.size()).append(")");
            }
            s.append('\n');
        }
        for (int q = 0; q < queueCount(); q++) {
            s.append("  q").append(q).append(" = ").append(isOutOfOrder(q) ? "out-of-order" : "in-order")
                    .append(" queue\n");
        }
        for (Command c : commands) {
            s.append("  ").append(c.text(this)).append('\n');
        }
        s.append("  set every user event complete, finish every queue, read every root buffer\n");
        return s.toString();
    }
}
