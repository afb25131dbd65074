package io.omnicl.runtime.command;

import io.omnicl.runtime.MemObject;
import io.omnicl.runtime.Device;
import io.omnicl.runtime.coherence.Access;
import io.omnicl.runtime.worker.DeviceWorker;
import io.omnicl.spi.RealEvent;

import java.nio.ByteBuffer;
import java.util.List;

import static io.omnicl.driver.OpenClConstants.CL_COMMAND_FILL_IMAGE;

/**
 * Fills a box of an image. It always runs on a device, which converts the color to the image's format:
 * on a pinned queue's device, on a device holding the image, else on the queue's first device.
 */
final class ImageFillCommand extends DeviceCommand {

    private final MemObject image;
    private final byte[] color;
    private final long[] origin;
    private final long[] region;
    private final RectRows box;

    ImageFillCommand(Queue queue, MemObject image, byte[] color, RectRows box, long[] origin, long[] region) {
        super(queue, CL_COMMAND_FILL_IMAGE);
        this.image = image;
        this.color = color.clone();
        this.origin = origin.clone();
        this.region = region.clone();
        this.box = box;
        image.hold();
    }

    @Override
    List<Access> accesses() {
        return List.of(box.hull(true));
    }

    @Override
    List<Access> inputs() {
        return box.partialOfWhole() ? List.of(box.hull(false)) : List.of();
    }

    @Override
    List<Access> outputs() {
        return box.rowsWritten();
    }

    @Override
    void start() {
        Device device = queue.deviceImpl();
        Access all = box.hull(false);
        long holders = available(all.storage().map().holdersOfAny(all.offset(), all.length()) & device.nodeMask());
        place(Long.lowestOneBit(holders != 0 ? holders : available(device.nodeMask())));
    }

    @Override
    RealEvent submit(DeviceWorker w, boolean withEvent) {
        return w.queue().fillImage(image.realImageOn(w.node()), ByteBuffer.allocateDirect(color.length).put(color).flip(),
                origin, region, List.of());
    }

    @Override
    void released() {
        image.unhold();
    }
}
