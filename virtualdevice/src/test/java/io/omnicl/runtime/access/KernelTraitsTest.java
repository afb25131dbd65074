package io.omnicl.runtime.access;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the cut of a launch needs to know of a kernel besides its ranges: whether it is irregular, uses work-groups. */
class KernelTraitsTest {

    private static KernelAccesses kernel(String body) {
        KernelAccesses k = KernelAccesses.analyse("__kernel void k(__global float* out, __global const float* in, "
                + "const int n) {\n" + body + "\n}", "", "k");
        assertNull(k.reason(), body);
        return k;
    }

    @Test
    void aLoopCountedBetweenScalarArgumentsIsRegular() {
        assertFalse(kernel("int i = get_global_id(0); float s = 0; for (int k = 0; k < n; k++) s += in[k]; "
                + "out[i] = s;").irregular());
        assertFalse(kernel("out[get_global_id(0)] = in[get_global_id(0)];").irregular());
    }

    @Test
    void loopsWhoseCountDependsOnTheWorkItemOrItsDataAreIrregular() {
        assertTrue(kernel("int i = get_global_id(0); float s = 0; for (int k = 0; k < i; k++) s += in[k]; "
                + "out[i] = s;").irregular(), "a triangular loop");
        assertTrue(kernel("int i = get_global_id(0); int m = 0; while (m < n && in[m] < 1.0f) m++; out[i] = m;")
                .irregular(), "a while loop");
        assertTrue(kernel("int i = get_global_id(0); int m = 0; do { m++; } while (m < n); out[i] = m;")
                .irregular(), "a do loop");
        assertTrue(kernel("int i = get_global_id(0); float s = 0; for (int k = 0; k < n; k++) { "
                + "if (in[k] < 0) break; s += in[k]; } out[i] = s;").irregular(), "a loop left early");
    }

    @Test
    void localIdsBarriersAndLocalMemoryTellTheWorkGroups() {
        assertFalse(kernel("out[get_global_id(0)] = 1.0f;").usesWorkGroups());
        assertTrue(kernel("out[get_global_id(0)] = get_local_id(0);").usesWorkGroups());
        assertTrue(kernel("barrier(CLK_GLOBAL_MEM_FENCE); out[get_global_id(0)] = 1.0f;").usesWorkGroups());
        assertTrue(kernel("__local float t[64]; t[get_local_id(0)] = 1.0f; out[get_global_id(0)] = 2.0f;")
                .usesWorkGroups());
        KernelAccesses withLocalArgument = KernelAccesses.analyse("__kernel void k(__global float* out, "
                + "__local float* scratch) { out[get_global_id(0)] = 1.0f; }", "", "k");
        assertTrue(withLocalArgument.usesWorkGroups());
    }

    @Test
    void aKernelThatCannotBeReadCountsAsIrregularAndUsingWorkGroups() {
        KernelAccesses k = KernelAccesses.analyse("__kernel void k(__global int* a) { a[0] = ", "", "k");
        assertTrue(k.irregular());
        assertTrue(k.usesWorkGroups());
        assertEquals(0, k.splittableDims(1).length);
    }
}
