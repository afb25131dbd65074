package io.omnicl.runtime.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class GeometryVariantTest {

    private static final String TWO_KERNELS = """
        int width() { return get_global_size(0); } // { an unbalanced brace in a comment
        __kernel __attribute__((reqd_work_group_size(64, 1, 1)))
        void rows(__global float* out, const int n) {
            out[get_group_id(0) * n + get_local_id(0)] = (float) get_num_groups(0);
        }
        __kernel void other(__global float* out) { out[get_global_id(0)] = (float) width(); }
        """;

    @Test
    void onlyTheKernelAskedForTakesTheArgumentAndSeesTheDefinitions() {
        String v = GeometryVariant.source(TWO_KERNELS, "rows");
        assertNotNull(v);
        assertTrue(v.contains("void rows(__global float* out, const int n, ulong8 omnicl_cut)"), v);
        assertTrue(v.contains("void other(__global float* out)"), v);
        int define = v.indexOf("#define get_num_groups(d)");
        int undefine = v.indexOf("#undef get_num_groups");
        assertTrue(define < v.indexOf("__kernel __attribute__") && undefine > v.indexOf("(float) get_num_groups(0);"), v);
        assertTrue(undefine < v.indexOf("__kernel void other"), v);
        assertTrue(v.indexOf("int width()") < define, "a helper before the kernel keeps the builtins");
    }

    @Test
    void anEmptyParameterListGetsTheArgumentAlone() {
        assertTrue(GeometryVariant.source("kernel void k(void) { }", "k").contains("void k(ulong8 omnicl_cut)"));
        assertTrue(GeometryVariant.source("kernel void k() { }", "k").contains("void k(ulong8 omnicl_cut)"));
    }

    @Test
    void aPrototypeBeforeTheDefinitionGetsTheArgumentToo() {
        String v = GeometryVariant.source("""
            __kernel void k(__global int* a);
            __kernel void k(__global int* a) { a[get_global_id(0)] = get_global_size(0); }
            """, "k");
        assertEquals(2, v.split("__global int\\* a, ulong8 omnicl_cut\\)", -1).length - 1, v);
        assertEquals(1, v.split("#define get_global_size", -1).length - 1, v);
    }

    @Test
    void aKernelNotDeclaredOnceInPlainSightHasNoVariant() {
        assertNull(GeometryVariant.source("#define K(n) __kernel void n(__global int* a) { a[0] = 1; }\nK(k)", "k"));
        assertNull(GeometryVariant.source("""
            #ifdef WIDE
            __kernel void k(__global int* a) { a[get_global_id(0)] = 2; }
            #else
            __kernel void k(__global int* a) { a[get_global_id(0)] = 1; }
            #endif
            """, "k"));
        assertNull(GeometryVariant.source("__kernel void k(__global int* a) { a[0] = 1;", "k"));
        assertNull(GeometryVariant.source("""
            __kernel void k(__global int* a) {
                for (int i = 0; i < 4; i++) {
            #ifdef A
                    a[i] += 1; }
            #else
                    a[i] += 2; }
            #endif
                a[get_group_id(0)] = 0;
            }
            """, "k"), "braces in both branches of an #if");
        assertNull(GeometryVariant.source("__kernel void other(__global int* a) { }", "k"));
    }

    @Test
    void aDirectiveNamingTheKernelIsLeftAlone() {
        String v = GeometryVariant.source("#define NAME k(\n__kernel void k(__global int* a) { a[0] = 1; }", "k");
        assertTrue(v.contains("#define NAME k(\n"), v);
        assertTrue(v.contains("void k(__global int* a, ulong8 omnicl_cut)"), v);
    }

    @Test
    void theArgumentTellsTheCutDimensionTheWholeLaunchAndThePartsFirstGroup() {
        Geometry g = new Geometry(2, new long[] {0, 32}, new long[] {64, 100}, new long[] {8, 4});
        ByteBuffer b = ByteBuffer.wrap(GeometryVariant.argument(g, 1, 72)).order(ByteOrder.nativeOrder());
        assertEquals(GeometryVariant.ARGUMENT_BYTES, b.remaining());
        assertEquals(1, b.getLong());
        assertEquals(100, b.getLong());
        assertEquals(32, b.getLong());
        assertEquals(10, b.getLong());
        assertEquals(25, b.getLong());
    }
}
