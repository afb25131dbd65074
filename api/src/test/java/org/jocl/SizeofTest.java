package org.jocl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SizeofTest {

    @Test
    void pointerSizedTypesFollowTheJvm() {
        int expected = "32".equals(System.getProperty("sun.arch.data.model")) ? 4 : 8;
        assertEquals(expected, Sizeof.POINTER);
        for (int size : List.of(Sizeof.size_t, Sizeof.cl_platform_id, Sizeof.cl_device_id, Sizeof.cl_context,
                Sizeof.cl_command_queue, Sizeof.cl_mem, Sizeof.cl_program, Sizeof.cl_kernel, Sizeof.cl_event,
                Sizeof.cl_sampler)) {
            assertEquals(expected, size);
        }
    }
}
