package io.omnicl.runtime;

import io.omnicl.driver.ClObject;

import java.util.concurrent.atomic.AtomicLong;

/** Base of every OpenCL object of the runtime: a unique id that looks like a pointer. */
public abstract class RuntimeObject implements ClObject {

    private static final AtomicLong NEXT_ID = new AtomicLong(0x7f0000001000L);

    private final long id = NEXT_ID.getAndAdd(0x40);

    @Override
    public final long id() {
        return id;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "@" + Long.toHexString(id);
    }
}
