package io.omnicl.spi.suite;

import static io.omnicl.spi.suite.ClCodes.CL_ADDRESS_CLAMP_TO_EDGE;
import static io.omnicl.spi.suite.ClCodes.CL_FILTER_NEAREST;
import static io.omnicl.spi.suite.ClCodes.CL_FLOAT;
import static io.omnicl.spi.suite.ClCodes.CL_IMAGE_FORMAT_NOT_SUPPORTED;
import static io.omnicl.spi.suite.ClCodes.CL_INTENSITY;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_IMAGE_FORMAT_DESCRIPTOR;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_MEM_OBJECT;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_OPERATION;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_SAMPLER;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_VALUE;
import static io.omnicl.spi.suite.ClCodes.CL_KERNEL_ARG_ACCESS_READ_ONLY;
import static io.omnicl.spi.suite.ClCodes.CL_MEM_OBJECT_BUFFER;
import static io.omnicl.spi.suite.ClCodes.CL_MEM_OBJECT_IMAGE1D_BUFFER;
import static io.omnicl.spi.suite.ClCodes.CL_MEM_OBJECT_IMAGE2D;
import static io.omnicl.spi.suite.ClCodes.CL_MEM_OBJECT_IMAGE2D_ARRAY;
import static io.omnicl.spi.suite.ClCodes.CL_MEM_READ_ONLY;
import static io.omnicl.spi.suite.ClCodes.CL_MEM_READ_WRITE;
import static io.omnicl.spi.suite.ClCodes.CL_R;
import static io.omnicl.spi.suite.ClCodes.CL_RGB;
import static io.omnicl.spi.suite.ClCodes.CL_RGBA;
import static io.omnicl.spi.suite.ClCodes.CL_UNORM_INT8;
import static io.omnicl.spi.suite.ClCodes.CL_UNSIGNED_INT8;
import static io.omnicl.spi.suite.Pocl.array;
import static io.omnicl.spi.suite.Pocl.assertStatus;
import static io.omnicl.spi.suite.Pocl.awaitAll;
import static io.omnicl.spi.suite.Pocl.direct;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.ImageDesc;
import io.omnicl.spi.ImageFormat;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealImage;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import io.omnicl.spi.RealSampler;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Images: the formats a device lists, transfers with host pitches, fills, copies to images and buffers, array
 * slices, images over buffers, sampling in kernels, and what each refuses.
 */
public abstract class ImageContract extends BackendContract {

    private static final ImageFormat RGBA8 = new ImageFormat(CL_RGBA, CL_UNORM_INT8);

    private DeviceSession session;
    private RealQueue queue;

    @BeforeEach
    void open() {
        session = device(1).open();
        queue = session.createQueue(false);
    }

    @AfterEach
    void close() {
        queue.release();
        session.close();
    }

    private RealImage image2d(long width, long height) {
        return session.allocateImage(CL_MEM_READ_WRITE, RGBA8, new ImageDesc(CL_MEM_OBJECT_IMAGE2D, width, height, 1, 1,
            null));
    }

    @Test
    void theDeviceListsItsFormats() {
        List<ImageFormat> formats = session.supportedImageFormats(CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D);
        assertTrue(formats.contains(RGBA8), formats.toString());
        assertTrue(formats.contains(new ImageFormat(CL_R, CL_FLOAT)), formats.toString());
        assertTrue(session.supportedImageFormats(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D_ARRAY).contains(RGBA8));
        assertStatus(CL_INVALID_VALUE, () -> session.supportedImageFormats(CL_MEM_READ_WRITE, CL_MEM_OBJECT_BUFFER));
    }

    @Test
    void writesAndReadsABoxWithHostPitches() {
        RealImage image = image2d(8, 4);
        ByteBuffer zero = direct(16 + 16).position(16);
        awaitAll(queue.fillImage(image, zero, new long[3], new long[] {8, 4, 1}, List.of()));
        // 3x2 pixels from host rows of 4 pixels (16 bytes), starting at byte 5 of the host buffer
        ByteBuffer box = direct(5 + 32).position(5);
        for (int i = 0; i < 32; i++) {
            box.put(5 + i, (byte) (i + 1));
        }
        awaitAll(queue.writeImage(image, new long[] {2, 1, 0}, new long[] {3, 2, 1}, 16, 0, box, List.of()));
        assertEquals(5, box.position());

        ByteBuffer all = direct(3 + 8 * 4 * 4).position(3);
        awaitAll(queue.readImage(image, new long[3], new long[] {8, 4, 1}, 0, 0, all, List.of()));
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 8; x++) {
                for (int c = 0; c < 4; c++) {
                    boolean inside = y >= 1 && y < 3 && x >= 2 && x < 5;
                    byte expected = inside ? (byte) ((y - 1) * 16 + (x - 2) * 4 + c + 1) : 0;
                    assertEquals(expected, all.get(3 + (y * 8 + x) * 4 + c), "x " + x + " y " + y + " c " + c);
                }
            }
        }
        image.release();
    }

    @Test
    void fillsCopiesAndGoesThroughBuffers() {
        RealImage first = image2d(4, 4);
        RealImage second = image2d(4, 4);
        RealBuffer buffer = session.allocate(4 * 4 * 4);
        awaitAll(queue.fillImage(first, Pocl.floats(1, 0, 0, 1), new long[3], new long[] {4, 4, 1}, List.of()),
            queue.fillImage(first, Pocl.floats(0, 1, 0, 1), new long[] {1, 1, 0}, new long[] {2, 2, 1}, List.of()),
            queue.fillImage(second, Pocl.floats(0, 0, 1, 0), new long[3], new long[] {4, 4, 1}, List.of()),
            queue.copyImage(first, second, new long[] {1, 1, 0}, new long[] {0, 0, 0}, new long[] {3, 3, 1},
                List.of()),
            queue.copyImageToBuffer(second, buffer, new long[3], new long[] {4, 4, 1}, 0, List.of()));
        ByteBuffer read = direct(64);
        awaitAll(queue.read(buffer, 0, read, List.of()));
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                // second's (x, y) came from first's (x + 1, y + 1) inside the copied 3x3
                boolean copied = x < 3 && y < 3;
                boolean green = copied && x < 2 && y < 2;
                byte[] expected = !copied ? new byte[] {0, 0, -1, 0}
                    : green ? new byte[] {0, -1, 0, -1} : new byte[] {-1, 0, 0, -1};
                assertArrayEquals(expected, array(read.duplicate().position((y * 4 + x) * 4), 4), "x " + x + " y " + y);
            }
        }

        // and back: the buffer's first row into the image's last row
        awaitAll(queue.copyBufferToImage(buffer, first, 0, new long[] {0, 3, 0}, new long[] {4, 1, 1}, List.of()));
        ByteBuffer row = direct(16);
        awaitAll(queue.readImage(first, new long[] {0, 3, 0}, new long[] {4, 1, 1}, 0, 0, row, List.of()));
        assertArrayEquals(array(read, 16), array(row, 16));
        buffer.release();
        first.release();
        second.release();
    }

    @Test
    void arrayImagesIndexSlicesWithTheLastCoordinate() {
        RealImage array = session.allocateImage(CL_MEM_READ_WRITE, RGBA8,
            new ImageDesc(CL_MEM_OBJECT_IMAGE2D_ARRAY, 2, 2, 1, 3, null));
        awaitAll(queue.fillImage(array, Pocl.floats(0, 0, 0, 0), new long[3], new long[] {2, 2, 3}, List.of()),
            queue.fillImage(array, Pocl.floats(1, 1, 1, 1), new long[] {0, 0, 2}, new long[] {2, 2, 1}, List.of()));
        ByteBuffer read = direct(2 * 2 * 4 * 3);
        awaitAll(queue.readImage(array, new long[3], new long[] {2, 2, 3}, 0, 0, read, List.of()));
        for (int i = 0; i < read.capacity(); i++) {
            assertEquals(i >= 32 ? -1 : 0, read.get(i), "byte " + i);
        }
        array.release();
    }

    @Test
    void anImageOverABufferReadsTheBuffer() {
        RealBuffer buffer = session.allocate(16 * 4);
        ByteBuffer content = direct(64);
        for (int i = 0; i < 64; i++) {
            content.put(i, (byte) (3 * i));
        }
        awaitAll(queue.write(buffer, 0, content, List.of()));
        RealImage image = session.allocateImage(CL_MEM_READ_ONLY, RGBA8,
            new ImageDesc(CL_MEM_OBJECT_IMAGE1D_BUFFER, 16, 1, 1, 1, buffer));
        ByteBuffer read = direct(64);
        awaitAll(queue.readImage(image, new long[3], new long[] {16, 1, 1}, 0, 0, read, List.of()));
        assertArrayEquals(array(content, 64), array(read, 64));
        // releasing the image leaves the buffer
        image.release();
        awaitAll(queue.read(buffer, 0, read, List.of()));
        buffer.release();
        assertStatus(CL_INVALID_MEM_OBJECT, () -> session.allocateImage(CL_MEM_READ_ONLY, RGBA8,
            new ImageDesc(CL_MEM_OBJECT_IMAGE1D_BUFFER, 16, 1, 1, 1, buffer)));
    }

    @Test
    void kernelsSampleImages() {
        RealImage image = session.allocateImage(CL_MEM_READ_ONLY, new ImageFormat(CL_R, CL_FLOAT),
            new ImageDesc(CL_MEM_OBJECT_IMAGE2D, 4, 1, 1, 1, null));
        awaitAll(queue.writeImage(image, new long[3], new long[] {4, 1, 1}, 0, 0, Pocl.floats(10, 20, 30, 40),
            List.of()));
        RealSampler sampler = session.createSampler(false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
        RealProgram program = session.createProgram("""
            __kernel void sample(__read_only image2d_t image, sampler_t sampler, __global float* out) {
                int i = get_global_id(0);
                out[i] = read_imagef(image, sampler, (int2)(i - 1, 0)).x;
            }
            """);
        assertTrue(program.build(ProgramContract.OPTIONS), program::buildLog);
        RealKernel sample = program.createKernel("sample");
        assertEquals(CL_KERNEL_ARG_ACCESS_READ_ONLY, sample.argInfo(0).accessQualifier());
        RealBuffer out = session.allocate(6 * Float.BYTES);
        sample.setArg(0, image);
        sample.setArg(1, sampler);
        sample.setArg(2, out);
        ByteBuffer read = direct(6 * Float.BYTES);
        awaitAll(queue.launch(sample, 1, null, new long[] {6}, null, List.of()),
            queue.read(out, 0, read, List.of()));
        // clamped to the edge on both sides
        assertArrayEquals(new float[] {10, 10, 20, 30, 40, 40}, Pocl.floats(read));

        sampler.release();
        sampler.release();
        assertStatus(CL_INVALID_SAMPLER, () -> sample.setArg(1, sampler));
        assertStatus(CL_INVALID_SAMPLER, () -> sample.setArg(1, (RealSampler) null));
        sample.release();
        program.release();
        out.release();
        image.release();
    }

    @Test
    void imageErrorsCarryTheDevicesStatus() {
        // an order and type that do not go together, and one the device does not offer (PoCL says
        // CL_INVALID_OPERATION for both)
        Set<Integer> unsupported = Set.of(CL_IMAGE_FORMAT_NOT_SUPPORTED, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
            CL_INVALID_OPERATION);
        for (ImageFormat format : List.of(new ImageFormat(CL_INTENSITY, CL_UNSIGNED_INT8),
                new ImageFormat(CL_RGB, CL_UNORM_INT8))) {
            int status = assertThrows(BackendException.class, () -> session.allocateImage(CL_MEM_READ_WRITE, format,
                new ImageDesc(CL_MEM_OBJECT_IMAGE2D, 4, 4, 1, 1, null))).status();
            assertTrue(unsupported.contains(status), format + ": " + status);
        }
        assertTrue(assertThrows(BackendException.class, () -> image2d(0, 4)).status() < 0);
        assertStatus(CL_INVALID_MEM_OBJECT, () -> session.allocateImage(CL_MEM_READ_ONLY, RGBA8,
            new ImageDesc(CL_MEM_OBJECT_IMAGE1D_BUFFER, 16, 1, 1, 1, null)));

        RealImage image = image2d(4, 4);
        assertStatus(CL_INVALID_VALUE, () -> queue.readImage(image, null, new long[] {1, 1, 1}, 0, 0, direct(4),
            List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.readImage(image, new long[3], new long[] {1, 1}, 0, 0, direct(4),
            List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.readImage(image, new long[3], new long[] {1, 1, 1}, 0, 0,
            ByteBuffer.allocate(4), List.of()));
        assertStatus(CL_INVALID_VALUE, () -> queue.fillImage(image, ByteBuffer.allocate(16), new long[3],
            new long[] {1, 1, 1}, List.of()));
        image.release();
        image.release();
        assertStatus(CL_INVALID_MEM_OBJECT, () -> queue.readImage(image, new long[3], new long[] {1, 1, 1}, 0, 0,
            direct(4), List.of()));
        assertStatus(CL_INVALID_MEM_OBJECT, () -> queue.copyImage(image, image, new long[3], new long[3],
            new long[] {1, 1, 1}, List.of()));
    }
}
