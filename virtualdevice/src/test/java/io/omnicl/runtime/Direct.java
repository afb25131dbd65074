package io.omnicl.runtime;

import io.omnicl.driver.HostMemory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Host memory over a direct buffer, which the runtime may upload from in place. */
record Direct(ByteBuffer memory) implements HostMemory {

    static Direct of(byte[] data) {
        return new Direct(ByteBuffer.allocateDirect(data.length).order(ByteOrder.nativeOrder()).put(data).flip());
    }

    @Override
    public long size() {
        return memory.remaining();
    }

    @Override
    public void copyOut(long offset, ByteBuffer dst) {
        dst.put(memory.duplicate().position((int) offset).limit((int) offset + dst.remaining()));
    }

    @Override
    public void copyIn(long offset, ByteBuffer src) {
        memory.duplicate().position((int) offset).put(src);
    }

    @Override
    public ByteBuffer direct() {
        return memory.duplicate();
    }
}
