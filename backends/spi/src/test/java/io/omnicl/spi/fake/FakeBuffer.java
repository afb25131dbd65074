package io.omnicl.spi.fake;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.suite.ClCodes;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/** A buffer of a fake device, or a region of one sharing its bytes. */
final class FakeBuffer extends FakeObject implements RealBuffer {

    /**
     * What a new buffer holds: not zeros, since OpenCL leaves its content undefined, so that code reading bytes
     * it never wrote sees something it did not expect.
     */
    static final byte UNDEFINED = (byte) 0xA5;

    /** Bytes shared by a buffer and its regions: the device's memory is given back when the last one goes. */
    private static final class Storage {
        private final FakeDevice device;
        private final ByteBuffer bytes;
        private final AtomicInteger holders = new AtomicInteger(1);

        Storage(FakeDevice device, int size) {
            this.device = device;
            byte[] array = new byte[size];
            Arrays.fill(array, UNDEFINED);
            this.bytes = ByteBuffer.wrap(array);
        }

        void drop() {
            if (holders.decrementAndGet() == 0) {
                device.free(bytes.capacity());
            }
        }
    }

    private final Storage storage;
    private final long offset;
    private final long size;
    private final boolean region;

    /** A new buffer of {@code size} bytes, its memory already reserved on the device. */
    FakeBuffer(FakeSession session, long size) {
        this(session, new Storage(session.fakeDevice(), Math.toIntExact(size)), 0, size, false);
    }

    private FakeBuffer(FakeSession session, Storage storage, long offset, long size, boolean region) {
        super(session, ClCodes.CL_INVALID_MEM_OBJECT, true);
        this.storage = storage;
        this.offset = offset;
        this.size = size;
        this.region = region;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public RealBuffer region(long origin, long length) {
        requireLive();
        if (region) {
            throw new BackendException(ClCodes.CL_INVALID_MEM_OBJECT, "a region of a region");
        }
        if (length <= 0) {
            throw new BackendException(ClCodes.CL_INVALID_BUFFER_SIZE, "a region of " + length + " bytes");
        }
        if (origin < 0 || origin + length > size) {
            throw new BackendException(ClCodes.CL_INVALID_VALUE, "region [" + origin + ", " + (origin + length)
                    + ") of a buffer of " + size + " bytes");
        }
        if (origin % session().fakeDevice().alignment() != 0) {
            throw new BackendException(ClCodes.CL_MISALIGNED_SUB_BUFFER_OFFSET, "a region at " + origin);
        }
        storage.holders.incrementAndGet();
        return new FakeBuffer(session(), storage, origin, length, true);
    }

    /** Its bytes, position 0 to limit {@code size()}, in the device's byte order. */
    ByteBuffer bytes() {
        return storage.bytes.duplicate().limit((int) (offset + size)).position((int) offset).slice()
                .order(ByteOrder.nativeOrder());
    }

    /** Its bytes {@code [at, at + length)}, positioned at {@code at}. */
    ByteBuffer bytes(long at, long length) {
        return bytes().limit((int) (at + length)).position((int) at);
    }

    /** Whether bytes {@code [at, at + length)} here and {@code [otherAt, otherAt + length)} of {@code other} meet. */
    boolean overlaps(long at, FakeBuffer other, long otherAt, long length) {
        long mine = offset + at;
        long theirs = other.offset + otherAt;
        return storage == other.storage && mine < theirs + length && theirs < mine + length;
    }

    /** Whether this buffer and {@code other} share any storage at all. */
    boolean sharesStorage(FakeBuffer other) {
        return storage == other.storage;
    }

    /** Where this buffer starts in the storage it shares. */
    long origin() {
        return offset;
    }

    @Override
    void released() {
        storage.drop();
    }
}
