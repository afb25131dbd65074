package org.jocl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PropertiesTest {

    @Test
    void entriesArePairsWithoutTheTerminatingZero() {
        cl_queue_properties properties = new cl_queue_properties();
        assertArrayEquals(new long[0], properties.entries());
        properties.addProperty(CL.CL_QUEUE_PROPERTIES, CL.CL_QUEUE_PROFILING_ENABLE);
        properties.addProperty(CL.CL_QUEUE_SIZE, 1L << 40);
        assertArrayEquals(new long[] {CL.CL_QUEUE_PROPERTIES, CL.CL_QUEUE_PROFILING_ENABLE, CL.CL_QUEUE_SIZE,
            1L << 40}, properties.entries());
    }

    @Test
    void aPlatformIsStoredAsItsNativePointer() {
        cl_platform_id platform = new cl_platform_id();
        platform.bind(new Object(), 0x1234_5678_9aL);
        cl_context_properties properties = new cl_context_properties();
        properties.addProperty(CL.CL_CONTEXT_PLATFORM, platform);
        assertArrayEquals(new long[] {CL.CL_CONTEXT_PLATFORM, 0x1234_5678_9aL}, properties.entries());
    }

    @Test
    void samplerValuesAreStoredAsNumbers() {
        cl_sampler_properties properties = new cl_sampler_properties();
        properties.addProperty(CL.CL_SAMPLER_NORMALIZED_COORDS, true);
        properties.addProperty(CL.CL_SAMPLER_LOD_MAX, 2.5f);
        assertArrayEquals(new long[] {CL.CL_SAMPLER_NORMALIZED_COORDS, 1, CL.CL_SAMPLER_LOD_MAX,
            Float.floatToIntBits(2.5f)}, properties.entries());
        assertEquals("cl_sampler_properties[CL_SAMPLER_NORMALIZED_COORDS=1,CL_SAMPLER_LOD_MAX=1075838976]",
                properties.toString());
    }
}
