package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_context;
import org.jocl.cl_image_desc;
import org.jocl.cl_image_format;
import org.jocl.cl_mem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Images (CTS images and api): clGetSupportedImageFormats, clCreateImage of every image type and the deprecated
 * clCreateImage2D/3D, clGetImageInfo, read/write/copy/fill of regions with origins and image-buffer copies,
 * every result compared with a host model of the pixels, and the descriptor and transfer errors. Every test
 * skips where the device reports no image support. RGBA / UNSIGNED_INT8 (4 bytes a pixel) is used throughout:
 * every device with images supports it.
 *
 * <p>Left out because the reference cannot show them: PoCL 3.1 answers CL_INVALID_OPERATION for an unknown or
 * unsupported format and for an image above the size limits (not CL_INVALID_IMAGE_FORMAT_DESCRIPTOR or
 * CL_INVALID_IMAGE_SIZE); CL_INVALID_VALUE, CL_INVALID_BUFFER_SIZE, CL_INVALID_MEM_OBJECT or success for invalid
 * descriptors (not CL_INVALID_IMAGE_DESCRIPTOR); JOCL passes a zeroed struct for a null format or descriptor;
 * JOCL's clGetSupportedImageFormats writes every format into a shorter array; JOCL's clEnqueueMapImage gives the
 * ByteBuffer a capacity from uninitialised memory.
 */
class ImageTest extends ClTestBase {

    private static final int BPP = 4;

    @BeforeEach
    void needImages() {
        assumeTrue(imageSupport(), "the device has no image support");
    }

    static cl_image_format format(int order, int type) {
        cl_image_format f = new cl_image_format();
        f.image_channel_order = order;
        f.image_channel_data_type = type;
        return f;
    }

    static cl_image_format rgba8() {
        return format(CL_RGBA, CL_UNSIGNED_INT8);
    }

    static cl_image_desc desc(int type, long width, long height, long depth, long arraySize) {
        cl_image_desc d = new cl_image_desc();
        d.image_type = type;
        d.image_width = width;
        d.image_height = height;
        d.image_depth = depth;
        d.image_array_size = arraySize;
        return d;
    }

    private int createStatus(long flags, cl_image_format f, cl_image_desc d, Pointer host) {
        int[] e = err();
        cl_mem m = clCreateImage(context, flags, f, d, host, e);
        return status(e, m);
    }

    private cl_mem image(long flags, cl_image_desc d, byte[] data) {
        int[] e = err();
        cl_mem m = clCreateImage(context, data == null ? flags : flags | CL_MEM_COPY_HOST_PTR, rgba8(), d,
                data == null ? null : Pointer.to(data), e);
        ok(e[0], "clCreateImage");
        return track(m);
    }

    /** A tracked 2D image of w x h RGBA8 pixels holding the given bytes. */
    private cl_mem image2d(int w, int h, byte[] data) {
        return image(CL_MEM_READ_WRITE, desc(CL_MEM_OBJECT_IMAGE2D, w, h, 0, 0), data);
    }

    private cl_mem image3d(int w, int h, int d, byte[] data) {
        return image(CL_MEM_READ_WRITE, desc(CL_MEM_OBJECT_IMAGE3D, w, h, d, 0), data);
    }

    /** Reads a whole image (dimensions in pixels, 1 for unused ones) tightly packed. */
    private byte[] readAll(cl_mem image, long w, long h, long d) {
        byte[] out = new byte[(int) (w * h * d * BPP)];
        ok(clEnqueueReadImage(queue, image, CL_TRUE, new long[3], new long[] {w, h, d}, 0, 0, Pointer.to(out), 0,
                null, null), "clEnqueueReadImage");
        return out;
    }

    /**
     * The host model: copies a region of pixels between two tightly packed 3D pixel arrays of the given sizes.
     */
    static void model(byte[] src, long[] srcSize, long[] srcOrigin, byte[] dst, long[] dstSize, long[] dstOrigin,
            long[] region) {
        for (long z = 0; z < region[2]; z++) {
            for (long y = 0; y < region[1]; y++) {
                for (long x = 0; x < region[0]; x++) {
                    long s = (((srcOrigin[2] + z) * srcSize[1] + srcOrigin[1] + y) * srcSize[0] + srcOrigin[0] + x);
                    long t = (((dstOrigin[2] + z) * dstSize[1] + dstOrigin[1] + y) * dstSize[0] + dstOrigin[0] + x);
                    System.arraycopy(src, (int) (s * BPP), dst, (int) (t * BPP), BPP);
                }
            }
        }
    }

    private List<String> supported(long flags, int type) {
        int[] count = new int[1];
        ok(clGetSupportedImageFormats(context, flags, type, 0, null, count), "count");
        cl_image_format[] formats = new cl_image_format[count[0]];
        for (int i = 0; i < formats.length; i++) {
            formats[i] = new cl_image_format();
        }
        ok(clGetSupportedImageFormats(context, flags, type, formats.length, formats, null), "list");
        List<String> out = new ArrayList<>();
        for (cl_image_format f : formats) {
            out.add(f.image_channel_order + "/" + f.image_channel_data_type);
        }
        return out;
    }

    // ---- formats ---------------------------------------------------------------------------------------------

    @Test
    void supportedFormatsIncludeTheMandatoryOnes() {
        int[][] mandatory = {{CL_RGBA, CL_UNORM_INT8}, {CL_RGBA, CL_UNSIGNED_INT8}, {CL_RGBA, CL_SIGNED_INT32},
            {CL_RGBA, CL_FLOAT}, {CL_RGBA, CL_UNSIGNED_INT32}, {CL_RGBA, CL_SIGNED_INT8}};
        for (int type : new int[] {CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE3D}) {
            List<String> formats = supported(CL_MEM_READ_ONLY, type);
            for (int[] f : mandatory) {
                assertTrue(formats.contains(f[0] + "/" + f[1]), "image type 0x" + Integer.toHexString(type)
                        + " lacks " + stringFor_cl_channel_order(f[0]) + "/" + stringFor_cl_channel_type(f[1]));
            }
        }
        List<String> readWrite = supported(CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D);
        for (int[] f : mandatory) {
            assertTrue(readWrite.contains(f[0] + "/" + f[1]), "READ_WRITE 2D lacks " + f[0] + "/" + f[1]);
        }
    }

    @Test
    void supportedFormatsBadArguments() {
        int[] count = new int[1];
        assertStatus(CL_INVALID_VALUE, clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, CL_MEM_OBJECT_BUFFER,
                0, null, count), "a buffer is not an image type");
        assertStatus(CL_INVALID_VALUE, clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D,
                0, new cl_image_format[] {new cl_image_format()}, count), "num_entries 0 with a list");
        for (cl_context bad : new cl_context[] {null, new cl_context()}) {
            assertStatus(CL_INVALID_CONTEXT, clGetSupportedImageFormats(bad, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D,
                    0, null, count), bad == null ? "null context" : "unset context");
        }
    }

    // ---- creation and info -----------------------------------------------------------------------------------

    /** Every image type, with its dimensions (width, height, depth, array size) and the pixels it holds. */
    enum Shape {
        IMAGE1D(CL_MEM_OBJECT_IMAGE1D, 40, 0, 0, 0),
        IMAGE1D_ARRAY(CL_MEM_OBJECT_IMAGE1D_ARRAY, 24, 0, 0, 3),
        IMAGE2D(CL_MEM_OBJECT_IMAGE2D, 20, 7, 0, 0),
        IMAGE2D_ARRAY(CL_MEM_OBJECT_IMAGE2D_ARRAY, 9, 5, 0, 4),
        IMAGE3D(CL_MEM_OBJECT_IMAGE3D, 8, 6, 3, 0);

        final int type;
        final long width;
        final long height;
        final long depth;
        final long arraySize;

        Shape(int type, long width, long height, long depth, long arraySize) {
            this.type = type;
            this.width = width;
            this.height = height;
            this.depth = depth;
            this.arraySize = arraySize;
        }

        /** The extent of the whole image as a region (pixels, rows or layers, slices or layers). */
        long[] region() {
            switch (this) {
                case IMAGE1D: return new long[] {width, 1, 1};
                case IMAGE1D_ARRAY: return new long[] {width, arraySize, 1};
                case IMAGE2D: return new long[] {width, height, 1};
                case IMAGE2D_ARRAY: return new long[] {width, height, arraySize};
                default: return new long[] {width, height, depth};
            }
        }

        int pixels() {
            long[] r = region();
            return (int) (r[0] * r[1] * r[2]);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Shape.class)
    void imageOfEachTypeHoldsItsDataAndDescribesItself(Shape s) {
        byte[] data = bytes(s.pixels() * BPP, s.ordinal() + 1);
        cl_mem m = image(CL_MEM_READ_WRITE, desc(s.type, s.width, s.height, s.depth, s.arraySize), data);
        long[] r = s.region();
        assertArrayEquals(data, readAll(m, r[0], r[1], r[2]));
        Info.Query q = (param, size, value, ret) -> clGetImageInfo(m, param, size, value, ret);
        assertEquals(BPP, Info.sizeT(q, CL_IMAGE_ELEMENT_SIZE));
        assertEquals(s.width, Info.sizeT(q, CL_IMAGE_WIDTH));
        assertEquals(s.type == CL_MEM_OBJECT_IMAGE2D || s.type == CL_MEM_OBJECT_IMAGE2D_ARRAY
                || s.type == CL_MEM_OBJECT_IMAGE3D ? s.height : 0, Info.sizeT(q, CL_IMAGE_HEIGHT));
        assertEquals(s.type == CL_MEM_OBJECT_IMAGE3D ? s.depth : 0, Info.sizeT(q, CL_IMAGE_DEPTH));
        assertEquals(s.arraySize, Info.sizeT(q, CL_IMAGE_ARRAY_SIZE));
        assertTrue(Info.sizeT(q, CL_IMAGE_ROW_PITCH) >= s.width * BPP, "row pitch");
        assertEquals(0, Info.uint(q, CL_IMAGE_NUM_MIP_LEVELS));
        assertEquals(0, Info.uint(q, CL_IMAGE_NUM_SAMPLES));
        java.nio.ByteBuffer fmt = Info.bytes(q, CL_IMAGE_FORMAT);
        assertEquals(2 * Sizeof.cl_uint, fmt.capacity(), "a cl_image_format");
        assertEquals(CL_RGBA, fmt.getInt(0));
        assertEquals(CL_UNSIGNED_INT8, fmt.getInt(4));
        assertEquals(s.type, Info.uint(memQ(m), CL_MEM_TYPE));
        assertEquals(context, handleInfo(memQ(m), CL_MEM_CONTEXT, new cl_context()));
    }

    @Test
    void image1dBufferSharesTheBuffersBytes() {
        int width = 64;
        byte[] data = bytes(width * BPP, 3);
        cl_mem buffer = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, width * BPP, Pointer.to(data));
        cl_image_desc d = desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, width, 0, 0, 0);
        d.buffer = buffer;
        cl_mem m = image(CL_MEM_READ_WRITE, d, null);
        assertArrayEquals(data, readAll(m, width, 1, 1), "the image reads the buffer");
        Info.Query q = (param, size, value, ret) -> clGetImageInfo(m, param, size, value, ret);
        assertEquals(buffer, handleInfo(q, CL_IMAGE_BUFFER, new cl_mem()));
        assertEquals(CL_MEM_OBJECT_IMAGE1D_BUFFER, Info.uint(memQ(m), CL_MEM_TYPE));
        byte[] patch = bytes(8 * BPP, 9);
        ok(clEnqueueWriteImage(queue, m, CL_TRUE, new long[] {4, 0, 0}, new long[] {8, 1, 1}, 0, 0,
                Pointer.to(patch), 0, null, null), "write through the image");
        System.arraycopy(patch, 0, data, 4 * BPP, patch.length);
        assertArrayEquals(data, readBytes(buffer, data.length), "the buffer sees the write");
    }

    @Test
    @SuppressWarnings("deprecation")
    void deprecatedCreateImage2DAnd3D() {
        byte[] flat = bytes(12 * 5 * BPP, 4);
        int[] e = err();
        cl_mem m2 = track(clCreateImage2D(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                new cl_image_format[] {rgba8()}, 12, 5, 0, Pointer.to(flat), e));
        ok(e[0], "clCreateImage2D");
        assertArrayEquals(flat, readAll(m2, 12, 5, 1));
        assertEquals(CL_MEM_OBJECT_IMAGE2D, Info.uint(memQ(m2), CL_MEM_TYPE));
        byte[] cube = bytes(4 * 3 * 2 * BPP, 5);
        e = err();
        cl_mem m3 = track(clCreateImage3D(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                new cl_image_format[] {rgba8()}, 4, 3, 2, 0, 0, Pointer.to(cube), e));
        ok(e[0], "clCreateImage3D");
        assertArrayEquals(cube, readAll(m3, 4, 3, 2));
        assertEquals(CL_MEM_OBJECT_IMAGE3D, Info.uint(memQ(m3), CL_MEM_TYPE));
    }

    @Test
    void hostDataWithAnExplicitRowPitch() {
        int w = 6;
        int h = 4;
        int pitch = 32; // 24 bytes of pixels and 8 of padding per row
        byte[] padded = bytes(pitch * h, 6);
        cl_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, w, h, 0, 0);
        d.image_row_pitch = pitch;
        int[] e = err();
        cl_mem m = track(clCreateImage(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, rgba8(), d,
                Pointer.to(padded), e));
        ok(e[0], "clCreateImage with a row pitch");
        byte[] expected = new byte[w * h * BPP];
        for (int y = 0; y < h; y++) {
            System.arraycopy(padded, y * pitch, expected, y * w * BPP, w * BPP);
        }
        assertArrayEquals(expected, readAll(m, w, h, 1));
    }

    @Test
    void imageInfoBadArguments() {
        cl_mem m = image2d(4, 4, null);
        assertStatus(CL_INVALID_VALUE, clGetImageInfo(m, 0x0ABA, 0, null, new long[1]), "unknown param");
        assertStatus(CL_INVALID_VALUE, clGetImageInfo(m, CL_IMAGE_WIDTH, 2, Pointer.to(new byte[2]), null),
                "too small");
        for (cl_mem bad : new cl_mem[] {null, new cl_mem()}) {
            assertStatus(CL_INVALID_MEM_OBJECT, clGetImageInfo(bad, CL_IMAGE_WIDTH, 0, null, new long[1]),
                    bad == null ? "null" : "unset");
        }
    }

    // ---- creation errors -------------------------------------------------------------------------------------

    @Test
    void hostPointerMismatchIsInvalidHostPtr() {
        cl_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0, 0);
        assertStatus(CL_INVALID_HOST_PTR, createStatus(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, rgba8(), d, null),
                "COPY_HOST_PTR without memory");
        assertStatus(CL_INVALID_HOST_PTR, createStatus(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, rgba8(), d, null),
                "USE_HOST_PTR without memory");
        assertStatus(CL_INVALID_HOST_PTR, createStatus(CL_MEM_READ_WRITE, rgba8(), d, Pointer.to(new byte[64])),
                "memory without COPY_HOST_PTR or USE_HOST_PTR");
    }

    @Test
    void invalidFlagsOrContextAreRejected() {
        cl_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0, 0);
        assertStatus(CL_INVALID_VALUE, createStatus(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, rgba8(), d, null),
                "READ_ONLY | WRITE_ONLY");
        for (cl_context bad : new cl_context[] {null, new cl_context()}) {
            int[] e = err();
            clCreateImage(bad, CL_MEM_READ_WRITE, rgba8(), d, null, e);
            assertStatus(CL_INVALID_CONTEXT, e[0], bad == null ? "null context" : "unset context");
        }
    }

    // ---- transfers -------------------------------------------------------------------------------------------

    @Test
    void readARegionWithAnOrigin() {
        int w = 16;
        int h = 12;
        byte[] data = bytes(w * h * BPP, 7);
        cl_mem m = image2d(w, h, data);
        long[] origin = {3, 5, 0};
        long[] region = {7, 4, 1};
        byte[] out = new byte[7 * 4 * BPP];
        ok(clEnqueueReadImage(queue, m, CL_TRUE, origin, region, 0, 0, Pointer.to(out), 0, null, null), "read");
        byte[] expected = new byte[out.length];
        model(data, new long[] {w, h, 1}, origin, expected, new long[] {7, 4, 1}, new long[3], region);
        assertArrayEquals(expected, out);
    }

    @Test
    void readARegionIntoHostMemoryWithPitches() {
        int w = 8;
        int h = 6;
        int d = 3;
        byte[] data = bytes(w * h * d * BPP, 8);
        cl_mem m = image3d(w, h, d, data);
        long[] origin = {1, 2, 1};
        long[] region = {5, 3, 2};
        int rowPitch = 6 * BPP; // one spare pixel a row
        int slicePitch = 4 * rowPitch; // one spare row a slice
        byte[] out = new byte[slicePitch * 2];
        ok(clEnqueueReadImage(queue, m, CL_TRUE, origin, region, rowPitch, slicePitch, Pointer.to(out), 0, null,
                null), "read with pitches");
        byte[] expected = new byte[out.length];
        // the host side as a 6 x 4 x 2 pixel array
        model(data, new long[] {w, h, d}, origin, expected, new long[] {6, 4, 2}, new long[3], region);
        assertArrayEquals(expected, out);
    }

    @Test
    void writeARegionWithAnOriginLeavesTheRestAlone() {
        int w = 10;
        int h = 9;
        byte[] data = bytes(w * h * BPP, 9);
        cl_mem m = image2d(w, h, data);
        long[] origin = {2, 3, 0};
        long[] region = {5, 4, 1};
        byte[] patch = bytes(5 * 4 * BPP, 10);
        ok(clEnqueueWriteImage(queue, m, CL_TRUE, origin, region, 0, 0, Pointer.to(patch), 0, null, null), "write");
        model(patch, new long[] {5, 4, 1}, new long[3], data, new long[] {w, h, 1}, origin, region);
        assertArrayEquals(data, readAll(m, w, h, 1));
    }

    @Test
    void writeIntoA3dImageAndA2dArray() {
        byte[] cube = bytes(6 * 5 * 4 * BPP, 11);
        cl_mem m3 = image3d(6, 5, 4, cube);
        long[] origin = {1, 1, 2};
        long[] region = {3, 2, 2};
        byte[] patch = bytes(3 * 2 * 2 * BPP, 12);
        ok(clEnqueueWriteImage(queue, m3, CL_TRUE, origin, region, 0, 0, Pointer.to(patch), 0, null, null), "3D");
        model(patch, region, new long[3], cube, new long[] {6, 5, 4}, origin, region);
        assertArrayEquals(cube, readAll(m3, 6, 5, 4));
        byte[] layers = bytes(5 * 3 * 4 * BPP, 13);
        cl_mem ma = image(CL_MEM_READ_WRITE, desc(CL_MEM_OBJECT_IMAGE2D_ARRAY, 5, 3, 0, 4), layers);
        long[] layerOrigin = {2, 0, 3}; // x 2, row 0, layer 3
        long[] layerRegion = {3, 3, 1};
        byte[] layerPatch = bytes(3 * 3 * BPP, 14);
        ok(clEnqueueWriteImage(queue, ma, CL_TRUE, layerOrigin, layerRegion, 0, 0, Pointer.to(layerPatch), 0, null,
                null), "2D array, one layer");
        model(layerPatch, layerRegion, new long[3], layers, new long[] {5, 3, 4}, layerOrigin, layerRegion);
        assertArrayEquals(layers, readAll(ma, 5, 3, 4));
    }

    @Test
    void copyARegionBetweenImages() {
        byte[] a = bytes(12 * 10 * BPP, 15);
        byte[] b = bytes(9 * 8 * BPP, 16);
        cl_mem ma = image2d(12, 10, a);
        cl_mem mb = image2d(9, 8, b);
        long[] from = {4, 2, 0};
        long[] to = {1, 3, 0};
        long[] region = {6, 5, 1};
        ok(clEnqueueCopyImage(queue, ma, mb, from, to, region, 0, null, null), "copy");
        model(a, new long[] {12, 10, 1}, from, b, new long[] {9, 8, 1}, to, region);
        assertArrayEquals(b, readAll(mb, 9, 8, 1));
    }

    @Test
    void copyBetweenA3dImageAndA2dImage() {
        byte[] cube = bytes(5 * 4 * 3 * BPP, 17);
        cl_mem m3 = image3d(5, 4, 3, cube);
        byte[] flat = new byte[5 * 4 * BPP];
        cl_mem m2 = image2d(5, 4, flat);
        long[] region = {4, 3, 1};
        ok(clEnqueueCopyImage(queue, m3, m2, new long[] {1, 1, 2}, new long[3], region, 0, null, null),
                "slice 2 of the 3D image to the 2D image");
        model(cube, new long[] {5, 4, 3}, new long[] {1, 1, 2}, flat, new long[] {5, 4, 1}, new long[3], region);
        assertArrayEquals(flat, readAll(m2, 5, 4, 1));
    }

    @Test
    void copyFromAnImageToABufferAndBack() {
        int w = 8;
        int h = 6;
        byte[] data = bytes(w * h * BPP, 18);
        cl_mem m = image2d(w, h, data);
        int offset = 12;
        cl_mem buffer = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 512, Pointer.to(new byte[512]));
        long[] origin = {2, 1, 0};
        long[] region = {4, 3, 1};
        ok(clEnqueueCopyImageToBuffer(queue, m, buffer, origin, region, offset, 0, null, null), "image to buffer");
        byte[] expected = new byte[512];
        byte[] packed = new byte[4 * 3 * BPP];
        model(data, new long[] {w, h, 1}, origin, packed, region, new long[3], region);
        System.arraycopy(packed, 0, expected, offset, packed.length);
        assertArrayEquals(expected, readBytes(buffer, 512), "the region, tightly packed, at the offset");
        cl_mem target = image2d(w, h, new byte[w * h * BPP]);
        long[] to = {3, 2, 0};
        ok(clEnqueueCopyBufferToImage(queue, buffer, target, offset, to, region, 0, null, null), "buffer to image");
        byte[] back = new byte[w * h * BPP];
        model(packed, region, new long[3], back, new long[] {w, h, 1}, to, region);
        assertArrayEquals(back, readAll(target, w, h, 1));
    }

    @Test
    void fillARegionOfAnIntegerImage() {
        int w = 9;
        int h = 7;
        byte[] data = bytes(w * h * BPP, 19);
        cl_mem m = image2d(w, h, data);
        long[] origin = {2, 1, 0};
        long[] region = {5, 4, 1};
        ok(clEnqueueFillImage(queue, m, Pointer.to(new int[] {10, 20, 30, 255}), origin, region, 0, null, null),
                "fill");
        byte[] pixel = {10, 20, 30, (byte) 255};
        for (long y = origin[1]; y < origin[1] + region[1]; y++) {
            for (long x = origin[0]; x < origin[0] + region[0]; x++) {
                System.arraycopy(pixel, 0, data, (int) ((y * w + x) * BPP), BPP);
            }
        }
        assertArrayEquals(data, readAll(m, w, h, 1));
    }

    @Test
    void fillAFloatImage() {
        int[] e = err();
        cl_mem m = track(clCreateImage(context, CL_MEM_READ_WRITE, format(CL_RGBA, CL_FLOAT),
                desc(CL_MEM_OBJECT_IMAGE2D, 4, 3, 0, 0), null, e));
        ok(e[0], "float image");
        float[] color = {0.25f, -1.5f, 3f, 1f};
        ok(clEnqueueFillImage(queue, m, Pointer.to(color), new long[3], new long[] {4, 3, 1}, 0, null, null),
                "fill");
        float[] out = new float[4 * 3 * 4];
        ok(clEnqueueReadImage(queue, m, CL_TRUE, new long[3], new long[] {4, 3, 1}, 0, 0, Pointer.to(out), 0, null,
                null), "read");
        for (int i = 0; i < out.length; i++) {
            assertEquals(color[i % 4], out[i], "channel " + (i % 4) + " of pixel " + (i / 4));
        }
    }

    // ---- transfer errors -------------------------------------------------------------------------------------

    @Test
    void regionOutsideTheImageIsInvalidValue() {
        cl_mem m = image2d(8, 8, null);
        byte[] host = new byte[1024];
        assertStatus(CL_INVALID_VALUE, clEnqueueReadImage(queue, m, CL_TRUE, new long[] {4, 0, 0},
                new long[] {5, 1, 1}, 0, 0, Pointer.to(host), 0, null, null), "x past the width");
        assertStatus(CL_INVALID_VALUE, clEnqueueWriteImage(queue, m, CL_TRUE, new long[] {0, 8, 0},
                new long[] {1, 1, 1}, 0, 0, Pointer.to(host), 0, null, null), "row 8 of 8");
        assertStatus(CL_INVALID_VALUE, clEnqueueReadImage(queue, m, CL_TRUE, new long[] {0, 0, 1},
                new long[] {1, 1, 1}, 0, 0, Pointer.to(host), 0, null, null), "origin[2] of a 2D image");
        assertStatus(CL_INVALID_VALUE, clEnqueueReadImage(queue, m, CL_TRUE, new long[3], new long[] {1, 1, 2}, 0, 0,
                Pointer.to(host), 0, null, null), "region[2] of a 2D image");
    }

    @Test
    void copyBetweenFormatsIsImageFormatMismatch() {
        cl_mem a = image2d(4, 4, null);
        int[] e = err();
        cl_mem b = track(clCreateImage(context, CL_MEM_READ_WRITE, format(CL_RGBA, CL_FLOAT),
                desc(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0, 0), null, e));
        ok(e[0], "float image");
        assertStatus(CL_IMAGE_FORMAT_MISMATCH, clEnqueueCopyImage(queue, a, b, new long[3], new long[3],
                new long[] {2, 2, 1}, 0, null, null));
    }

    @Test
    void overlappingCopyWithinOneImageIsMemCopyOverlap() {
        cl_mem m = image2d(8, 8, null);
        assertStatus(CL_MEM_COPY_OVERLAP, clEnqueueCopyImage(queue, m, m, new long[] {0, 0, 0},
                new long[] {2, 2, 0}, new long[] {4, 4, 1}, 0, null, null));
    }

    @Test
    void aBufferWhereAnImageIsExpectedIsInvalidMemObject() {
        cl_mem b = buffer(CL_MEM_READ_WRITE, 1024, null);
        cl_mem m = image2d(4, 4, null);
        byte[] host = new byte[1024];
        assertStatus(CL_INVALID_MEM_OBJECT, clEnqueueReadImage(queue, b, CL_TRUE, new long[3], new long[] {1, 1, 1},
                0, 0, Pointer.to(host), 0, null, null), "read");
        assertStatus(CL_INVALID_MEM_OBJECT, clEnqueueCopyImage(queue, b, m, new long[3], new long[3],
                new long[] {1, 1, 1}, 0, null, null), "copy");
        assertStatus(CL_INVALID_MEM_OBJECT, clEnqueueCopyBufferToImage(queue, b, b, 0, new long[3],
                new long[] {1, 1, 1}, 0, null, null), "buffer to a buffer");
    }

    @Test
    void imageBufferCopyOutOfTheBufferIsInvalidValue() {
        cl_mem m = image2d(4, 4, null);
        cl_mem b = buffer(CL_MEM_READ_WRITE, 64, null);
        assertStatus(CL_INVALID_VALUE, clEnqueueCopyImageToBuffer(queue, m, b, new long[3], new long[] {4, 4, 1}, 4,
                0, null, null), "64 bytes at offset 4 of 64");
        assertStatus(CL_INVALID_VALUE, clEnqueueCopyBufferToImage(queue, b, m, 8, new long[3], new long[] {4, 4, 1},
                0, null, null), "64 bytes from offset 8 of 64");
    }

    @Test
    void hostAccessFlagsApplyToImages() {
        int[] e = err();
        cl_mem m = track(clCreateImage(context, CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS, rgba8(),
                desc(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0, 0), null, e));
        ok(e[0], "HOST_NO_ACCESS image");
        byte[] host = new byte[64];
        assertStatus(CL_INVALID_OPERATION, clEnqueueReadImage(queue, m, CL_TRUE, new long[3], new long[] {4, 4, 1}, 0,
                0, Pointer.to(host), 0, null, null), "read");
        assertStatus(CL_INVALID_OPERATION, clEnqueueWriteImage(queue, m, CL_TRUE, new long[3], new long[] {4, 4, 1},
                0, 0, Pointer.to(host), 0, null, null), "write");
    }

    @Test
    void imageOfAnotherContextIsInvalidContext() {
        cl_context other = otherContext();
        int[] e = err();
        cl_mem foreign = track(clCreateImage(other, CL_MEM_READ_WRITE, rgba8(), desc(CL_MEM_OBJECT_IMAGE2D, 4, 4, 0,
                0), null, e));
        ok(e[0], "image in another context");
        byte[] host = new byte[64];
        assertStatus(CL_INVALID_CONTEXT, clEnqueueReadImage(queue, foreign, CL_TRUE, new long[3],
                new long[] {4, 4, 1}, 0, 0, Pointer.to(host), 0, null, null));
    }
}
