package org.jocl;

import io.omnicl.driver.ClError;
import io.omnicl.driver.ClObject;
import io.omnicl.driver.InfoValue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.function.Supplier;

/**
 * The {@code clGet*Info} protocol: the value's size goes to {@code param_value_size_ret}; the value goes to
 * {@code param_value} when given, whose {@code param_value_size} must hold it (as far as its memory goes).
 * Handles go into a handle array ({@code Pointer.to(new cl_device_id[n])}, entries created or rebound) or, as
 * ids, into plain memory.
 */
final class Info {

    private Info() {
    }

    /** Runs a query inside {@link Status#run}. */
    static int query(Supplier<InfoValue> answer, long size, Pointer value, long[] sizeRet) {
        return Status.run(() -> {
            write(answer.get(), size, value, sizeRet);
            return CL.CL_SUCCESS;
        });
    }

    static void write(InfoValue v, long size, Pointer value, long[] sizeRet) {
        long needed = v.size();
        if (value != null) {
            ClError.require(size >= needed, CL.CL_INVALID_VALUE, "param_value_size is too small");
            NativePointerObject[] handles = Marshal.handles(value);
            if (v.binaries() != null) {
                writeBinaries(v.binaries(), handles);
            } else if (handles != null) {
                writeHandles(v, handles);
            } else {
                // memory smaller than param_value_size says (a size_t into an int[1]) gets what fits, as a
                // driver's write would put there, and nothing past it
                byte[] bytes = bytesOf(v);
                long room = Marshal.capacity(value);
                int fits = room < 0 ? bytes.length : (int) Math.min(room, bytes.length);
                Marshal.write(value, ByteBuffer.wrap(bytes, 0, fits));
            }
        }
        if (sizeRet != null && sizeRet.length > 0) {
            sizeRet[0] = needed;
        }
    }

    private static byte[] bytesOf(InfoValue v) {
        byte[] b = v.bytes();
        if (b != null) {
            return b;
        }
        ByteBuffer ids = ByteBuffer.allocate(8 * v.handles().size()).order(ByteOrder.nativeOrder());
        for (Object o : v.handles()) {
            ids.putLong(o == null ? 0 : ((ClObject) o).id());
        }
        return ids.array();
    }

    /** {@code CL_PROGRAM_BINARIES}: each binary into the memory of the pointer at its index (none when null). */
    private static void writeBinaries(List<byte[]> binaries, NativePointerObject[] pointers) {
        ClError.require(pointers != null && pointers.length >= binaries.size(), CL.CL_INVALID_VALUE,
                "CL_PROGRAM_BINARIES needs an array of pointers, one per device");
        for (int i = 0; i < binaries.size(); i++) {
            if (!(pointers[i] instanceof Pointer p)) {
                continue;
            }
            ClError.require(Marshal.capacity(p) >= binaries.get(i).length, CL.CL_INVALID_VALUE,
                    "a binary's pointer holds less than its size");
            Marshal.write(p, ByteBuffer.wrap(binaries.get(i)));
        }
    }

    private static void writeHandles(InfoValue v, NativePointerObject[] handles) {
        List<?> targets = v.handles();
        ClError.require(targets != null && handles.length >= targets.size(), CL.CL_INVALID_VALUE,
                "the handle array is too short for the value");
        for (int i = 0; i < targets.size(); i++) {
            Object t = targets.get(i);
            try {
                if (handles[i] == null) {
                    handles[i] = Handles.handleFor(t);
                } else {
                    Handles.bind(handles[i], (ClObject) t);
                }
            } catch (ArrayStoreException e) {
                throw new ClError(CL.CL_INVALID_VALUE, "the handle array is of another handle type");
            }
        }
    }
}
