package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_context;
import org.jocl.cl_image_desc;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.jocl.cl_sampler;
import org.jocl.cl_sampler_properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Samplers (CTS api/samplers and images/kernel_read_write): clCreateSampler and clCreateSamplerWithProperties,
 * clGetSamplerInfo, retain and release, the specified errors, and kernels that read one image through a sampler
 * and write another, compared pixel by pixel with a host model of nearest filtering. Every test skips where the
 * device reports no image support (samplers need images). Invalid addressing or filter values are left out:
 * PoCL 3.1 accepts them. Property lists never hold CL_SAMPLER_NORMALIZED_COORDS = CL_FALSE: JOCL ends the list
 * at the first 0 it holds, so the properties after it are lost.
 */
class SamplerTest extends ClTestBase {

    private static final int W = 11;
    private static final int H = 7;
    private static final String SOURCE = ""
            + "kernel void shift(read_only image2d_t src, write_only image2d_t dst, sampler_t smp, int dx, int dy) {\n"
            + "  int x = get_global_id(0), y = get_global_id(1);\n"
            + "  uint4 v = read_imageui(src, smp, (int2)(x + dx, y + dy));\n"
            + "  write_imageui(dst, (int2)(x, y), v);\n"
            + "}\n"
            + "kernel void shiftf(read_only image2d_t src, write_only image2d_t dst, sampler_t smp, float fx,\n"
            + "                   float fy) {\n"
            + "  int x = get_global_id(0), y = get_global_id(1);\n"
            + "  write_imageui(dst, (int2)(x, y), read_imageui(src, smp, (float2)(x + fx, y + fy)));\n"
            + "}\n"
            + "kernel void normalized(read_only image2d_t src, write_only image2d_t dst, sampler_t smp, int dx,\n"
            + "                       int dy) {\n"
            + "  int x = get_global_id(0), y = get_global_id(1);\n"
            + "  float2 c = (float2)((x + dx + 0.5f) / get_image_width(src), (y + dy + 0.5f) / get_image_height(src));\n"
            + "  write_imageui(dst, (int2)(x, y), read_imageui(src, smp, c));\n"
            + "}\n"
            + "constant sampler_t fixed = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE"
            + " | CLK_FILTER_NEAREST;\n"
            + "kernel void builtin(read_only image2d_t src, write_only image2d_t dst) {\n"
            + "  int x = get_global_id(0), y = get_global_id(1);\n"
            + "  uint4 v = read_imageui(src, fixed, (int2)(x - 1, y + 1));\n"
            + "  write_imageui(dst, (int2)(x, y), v + (uint4)(1, 2, 3, 4));\n"
            + "}\n";

    private static final int[] ADDRESSING = {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP,
        CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT};
    private static final int[] FILTERS = {CL_FILTER_NEAREST, CL_FILTER_LINEAR};

    @BeforeEach
    void needImages() {
        assumeTrue(imageSupport(), "the device has no image support");
    }

    private cl_sampler sampler(boolean normalized, int addressing, int filter) {
        int[] e = err();
        cl_sampler s = clCreateSampler(context, normalized, addressing, filter, e);
        ok(e[0], "clCreateSampler");
        return track(s);
    }

    private static Info.Query samplerQ(cl_sampler s) {
        return (param, size, value, ret) -> clGetSamplerInfo(s, param, size, value, ret);
    }

    private static void assertDescribes(cl_sampler s, boolean normalized, int addressing, int filter) {
        Info.Query q = samplerQ(s);
        assertEquals(normalized ? 1 : 0, Info.uint(q, CL_SAMPLER_NORMALIZED_COORDS), "NORMALIZED_COORDS");
        assertEquals(addressing, Info.uint(q, CL_SAMPLER_ADDRESSING_MODE), "ADDRESSING_MODE");
        assertEquals(filter, Info.uint(q, CL_SAMPLER_FILTER_MODE), "FILTER_MODE");
    }

    private cl_mem image(byte[] data) {
        cl_image_desc d = ImageTest.desc(CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0);
        int[] e = err();
        cl_mem m = clCreateImage(context, data == null ? CL_MEM_READ_WRITE : CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                ImageTest.rgba8(), d, data == null ? null : Pointer.to(data), e);
        ok(e[0], "clCreateImage");
        return track(m);
    }

    private byte[] read(cl_mem m) {
        byte[] out = new byte[W * H * 4];
        ok(clEnqueueReadImage(queue, m, CL_TRUE, new long[3], new long[] {W, H, 1}, 0, 0, Pointer.to(out), 0, null,
                null), "read");
        return out;
    }

    /** The model: the destination pixel (x, y) is the source pixel picked by {@code pick}, or zeros for border. */
    private static byte[] model(byte[] src, java.util.function.IntBinaryOperator pick) {
        byte[] out = new byte[src.length];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int from = pick.applyAsInt(x, y);
                if (from >= 0) {
                    System.arraycopy(src, from * 4, out, (y * W + x) * 4, 4);
                }
            }
        }
        return out;
    }

    private static int clampToEdge(int x, int y) {
        return Math.min(Math.max(y, 0), H - 1) * W + Math.min(Math.max(x, 0), W - 1);
    }

    private byte[] runShift(String kernelName, cl_sampler s, Object dx, Object dy, byte[] src) {
        cl_kernel k = kernel(program(SOURCE, null), kernelName);
        cl_mem in = image(src);
        cl_mem out = image(null);
        argMem(k, 0, in);
        argMem(k, 1, out);
        ok(clSetKernelArg(k, 2, Sizeof.cl_sampler, Pointer.to(s)), "sampler argument");
        for (int i = 0; i < 2; i++) {
            Object v = i == 0 ? dx : dy;
            if (v instanceof Float) {
                ok(clSetKernelArg(k, 3 + i, Sizeof.cl_float, Pointer.to(new float[] {(Float) v})), "float offset");
            } else {
                argInt(k, 3 + i, (Integer) v);
            }
        }
        ok(clEnqueueNDRangeKernel(queue, k, 2, null, new long[] {W, H}, null, 0, null, null), kernelName);
        return read(out);
    }

    // ---- creation and info -----------------------------------------------------------------------------------

    @Test
    void everyCombinationIsDescribedByItsInfo() {
        for (boolean normalized : new boolean[] {true, false}) {
            for (int addressing : ADDRESSING) {
                if (!normalized && (addressing == CL_ADDRESS_REPEAT || addressing == CL_ADDRESS_MIRRORED_REPEAT)) {
                    continue; // invalid: see repeatWithUnnormalizedCoordinatesIsInvalidValue
                }
                for (int filter : FILTERS) {
                    cl_sampler s = sampler(normalized, addressing, filter);
                    assertDescribes(s, normalized, addressing, filter);
                    assertEquals(context, handleInfo(samplerQ(s), CL_SAMPLER_CONTEXT, new cl_context()));
                    assertEquals(1, Info.uint(samplerQ(s), CL_SAMPLER_REFERENCE_COUNT));
                }
            }
        }
    }

    @ParameterizedTest(name = "normalized {0}, addressing 0x{1}, filter 0x{2}")
    @CsvSource({"true, 0x1132, 0x1141", "true, 0x1131, 0x1140", "true, 0x1134, 0x1140", "true, 0x1133, 0x1141"})
    void samplerWithPropertiesIsDescribedByItsInfo(boolean normalized, String addressing, String filter) {
        int a = Integer.decode(addressing);
        int f = Integer.decode(filter);
        cl_sampler_properties props = new cl_sampler_properties();
        props.addProperty(CL_SAMPLER_NORMALIZED_COORDS, normalized);
        props.addProperty(CL_SAMPLER_ADDRESSING_MODE, a);
        props.addProperty(CL_SAMPLER_FILTER_MODE, f);
        int[] e = err();
        cl_sampler s = track(clCreateSamplerWithProperties(context, props, e));
        ok(e[0], "clCreateSamplerWithProperties");
        assertDescribes(s, normalized, a, f);
    }

    @Test
    void samplerWithAnEmptyPropertyListHasTheDefaults() {
        int[] e = err();
        cl_sampler s = track(clCreateSamplerWithProperties(context, new cl_sampler_properties(), e));
        ok(e[0], "clCreateSamplerWithProperties with no properties");
        assertDescribes(s, true, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST);
    }

    @Test
    void retainAndReleaseMoveTheReferenceCount() {
        cl_sampler s = sampler(false, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST);
        ok(clRetainSampler(s), "retain");
        assertEquals(2, Info.uint(samplerQ(s), CL_SAMPLER_REFERENCE_COUNT));
        ok(clReleaseSampler(s), "release");
        assertEquals(1, Info.uint(samplerQ(s), CL_SAMPLER_REFERENCE_COUNT));
    }

    @Test
    void infoSizes() {
        Info.Query q = samplerQ(sampler(true, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR));
        assertEquals(Sizeof.cl_uint, Info.size(q, CL_SAMPLER_REFERENCE_COUNT));
        assertEquals(Sizeof.POINTER, Info.size(q, CL_SAMPLER_CONTEXT));
        assertEquals(Sizeof.cl_uint, Info.size(q, CL_SAMPLER_NORMALIZED_COORDS));
        assertEquals(Sizeof.cl_uint, Info.size(q, CL_SAMPLER_ADDRESSING_MODE));
        assertEquals(Sizeof.cl_uint, Info.size(q, CL_SAMPLER_FILTER_MODE));
    }

    // ---- errors ----------------------------------------------------------------------------------------------

    @Test
    void repeatWithUnnormalizedCoordinatesIsInvalidValue() {
        for (int addressing : new int[] {CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT}) {
            int[] e = err();
            cl_sampler s = clCreateSampler(context, false, addressing, CL_FILTER_NEAREST, e);
            if (s != null && s.getNativePointer() != 0) {
                track(s);
            }
            assertStatus(CL_INVALID_VALUE, e[0], "addressing 0x" + Integer.toHexString(addressing));
        }
    }

    @Test
    void unknownOrRepeatedPropertyIsInvalidValue() {
        cl_sampler_properties unknown = new cl_sampler_properties();
        unknown.addProperty(0x7777, 1L);
        int[] e = err();
        clCreateSamplerWithProperties(context, unknown, e);
        assertStatus(CL_INVALID_VALUE, e[0], "unknown property");
        cl_sampler_properties twice = new cl_sampler_properties();
        twice.addProperty(CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST);
        twice.addProperty(CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR);
        e = err();
        clCreateSamplerWithProperties(context, twice, e);
        assertStatus(CL_INVALID_VALUE, e[0], "a property given twice");
    }

    @Test
    void nullOrUnsetContextIsInvalidContext() {
        for (cl_context bad : new cl_context[] {null, new cl_context()}) {
            int[] e = err();
            clCreateSampler(bad, true, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, e);
            assertStatus(CL_INVALID_CONTEXT, e[0], bad == null ? "null" : "unset");
        }
    }

    @Test
    void infoBadArguments() {
        cl_sampler s = sampler(true, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST);
        assertStatus(CL_INVALID_VALUE, clGetSamplerInfo(s, 0x0ABB, 0, null, new long[1]), "unknown param");
        assertStatus(CL_INVALID_VALUE, clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, 2, Pointer.to(new byte[2]), null),
                "too small");
        for (cl_sampler bad : new cl_sampler[] {null, new cl_sampler()}) {
            String what = bad == null ? "null" : "unset";
            assertStatus(CL_INVALID_SAMPLER, clGetSamplerInfo(bad, CL_SAMPLER_FILTER_MODE, 0, null, new long[1]),
                    "info " + what);
            assertStatus(CL_INVALID_SAMPLER, clRetainSampler(bad), "retain " + what);
            assertStatus(CL_INVALID_SAMPLER, clReleaseSampler(bad), "release " + what);
        }
    }

    // ---- kernels reading through samplers --------------------------------------------------------------------

    @Test
    void nearestUnnormalizedClampToEdge() {
        byte[] src = bytes(W * H * 4, 1);
        byte[] out = runShift("shift", sampler(false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST), 3, -2, src);
        assertArrayEquals(model(src, (x, y) -> clampToEdge(x + 3, y - 2)), out);
    }

    @Test
    void nearestUnnormalizedClampGivesTheBorderColourOutside() {
        byte[] src = bytes(W * H * 4, 2);
        byte[] out = runShift("shift", sampler(false, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST), -4, 2, src);
        // outside the image CL_ADDRESS_CLAMP reads the border colour, (0, 0, 0, 0) for CL_RGBA
        assertArrayEquals(model(src, (x, y) -> x - 4 < 0 || y + 2 >= H ? -1 : (y + 2) * W + x - 4), out);
    }

    @Test
    void nearestUnnormalizedFloatCoordinatesPickThePixelUnderThePoint() {
        byte[] src = bytes(W * H * 4, 3);
        byte[] out = runShift("shiftf", sampler(false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST), 2.25f, -0.75f,
                src);
        // floor(x + 2.25) = x + 2, floor(y - 0.75) = y - 1
        assertArrayEquals(model(src, (x, y) -> clampToEdge(x + 2, y - 1)), out);
    }

    @Test
    void nearestWithNormalizedCoordinatesAndRepeat() {
        byte[] src = bytes(W * H * 4, 4);
        byte[] out = runShift("normalized", sampler(true, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST), 5, 3, src);
        assertArrayEquals(model(src, (x, y) -> ((y + 3) % H) * W + (x + 5) % W), out);
    }

    @Test
    void nearestWithNormalizedCoordinatesAndClampToEdge() {
        byte[] src = bytes(W * H * 4, 5);
        byte[] out = runShift("normalized", sampler(true, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST), -3, 4, src);
        assertArrayEquals(model(src, (x, y) -> clampToEdge(x - 3, y + 4)), out);
    }

    @Test
    void samplerMadeWithPropertiesWorksInAKernel() {
        cl_sampler_properties props = new cl_sampler_properties();
        props.addProperty(CL_SAMPLER_NORMALIZED_COORDS, true);
        props.addProperty(CL_SAMPLER_ADDRESSING_MODE, CL_ADDRESS_CLAMP_TO_EDGE);
        props.addProperty(CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST);
        int[] e = err();
        cl_sampler s = track(clCreateSamplerWithProperties(context, props, e));
        ok(e[0], "clCreateSamplerWithProperties");
        byte[] src = bytes(W * H * 4, 6);
        assertArrayEquals(model(src, (x, y) -> clampToEdge(x + 1, y - 5)), runShift("normalized", s, 1, -5, src));
    }

    @Test
    void samplerDeclaredInTheProgram() {
        cl_kernel k = kernel(program(SOURCE, null), "builtin");
        byte[] src = bytes(W * H * 4, 7);
        cl_mem in = image(src);
        cl_mem out = image(null);
        argMem(k, 0, in);
        argMem(k, 1, out);
        ok(clEnqueueNDRangeKernel(queue, k, 2, null, new long[] {W, H}, null, 0, null, null), "kernel");
        byte[] expected = model(src, (x, y) -> clampToEdge(x - 1, y + 1));
        int[] add = {1, 2, 3, 4};
        for (int i = 0; i < expected.length; i++) {
            expected[i] = (byte) Math.min(255, (expected[i] & 0xff) + add[i % 4]); // write_imageui saturates
        }
        assertArrayEquals(expected, read(out));
    }
}
