package io.omnicl.runtime.command;

/** A marker or barrier: it does nothing once its dependencies are met. */
final class SyncCommand extends Command {

    SyncCommand(Queue queue, int commandType) {
        super(queue, commandType);
    }

    @Override
    void start() {
        end(0);
    }
}
