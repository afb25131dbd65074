package io.omnicl.runtime;

import io.omnicl.driver.HostMemory;

import java.nio.ByteBuffer;

/** Host memory over a byte array, for tests that talk to the driver interface. */
record Bytes(byte[] data) implements HostMemory {

    @Override
    public long size() {
        return data.length;
    }

    @Override
    public void copyOut(long offset, ByteBuffer dst) {
        dst.put(data, (int) offset, dst.remaining());
    }

    @Override
    public void copyIn(long offset, ByteBuffer src) {
        src.get(data, (int) offset, src.remaining());
    }

    @Override
    public ByteBuffer direct() {
        return null;
    }
}
