package io.omnicl.runtime;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClMem;
import io.omnicl.driver.ClQueue;
import io.omnicl.driver.OpenClConstants;
import io.omnicl.runtime.config.Config;
import io.omnicl.runtime.entry.RuntimeDriver;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runtime through its driver interface, each test on an engine of its own (over two PoCL devices). */
class RuntimeDriverTest {


    private static RuntimeDriver runtime() {
        return new RuntimeDriver(Config.defaults());
    }

    @Test
    void aDeviceCopyIsTheFirstWorkOfAPinnedDevice() {
        RuntimeDriver engine = runtime();
        ClDevice pinned = engine.platforms().get(0).devices(OpenClConstants.CL_DEVICE_TYPE_ALL).get(1);
        ClContext context = engine.platforms().get(0).createContext(List.of(pinned), new long[0]);
        ClQueue queue = context.createQueue(pinned, 0);
        byte[] data = new byte[4096];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 7);
        }
        ClMem src = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE | OpenClConstants.CL_MEM_COPY_HOST_PTR, data.length, new Bytes(data));
        ClMem dst = context.createBuffer(OpenClConstants.CL_MEM_READ_WRITE, data.length, null);
        queue.copyBuffer(src, dst, 0, 0, data.length, List.of()).release();
        byte[] back = new byte[data.length];
        queue.readBuffer(dst, true, 0, back.length, new Bytes(back), List.of()).release();
        assertArrayEquals(data, back);
        assertTrue(engine.counters().get(0).commands() > 0, "the copy ran on the pinned device");
        assertEquals(0, engine.counters().get(1).commands(), "the other device was not used");
    }
}
