package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_image_desc;
import org.jocl.cl_image_format;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;

/**
 * A base for classes that check something about the event of every kind of command: {@link #enqueue} issues
 * one command of a kind on a queue, on fresh objects, and returns its (tracked, completed) event. Image
 * commands skip where the device has no images. clEnqueueMapImage is left out: JOCL 2.0.5 gives the mapped
 * ByteBuffer a capacity computed from uninitialised memory (sometimes negative, so the call throws).
 */
abstract class CommandCatalog extends ClTestBase {

    static final int N = 256;
    static final long BYTES = N * Sizeof.cl_int;

    /** Every command type whose event a test can ask about, with the CL_EVENT_COMMAND_TYPE it must report. */
    enum Command {
        READ_BUFFER(CL_COMMAND_READ_BUFFER), WRITE_BUFFER(CL_COMMAND_WRITE_BUFFER),
        COPY_BUFFER(CL_COMMAND_COPY_BUFFER), FILL_BUFFER(CL_COMMAND_FILL_BUFFER),
        MAP_BUFFER(CL_COMMAND_MAP_BUFFER), UNMAP_MEM_OBJECT(CL_COMMAND_UNMAP_MEM_OBJECT),
        READ_BUFFER_RECT(CL_COMMAND_READ_BUFFER_RECT), WRITE_BUFFER_RECT(CL_COMMAND_WRITE_BUFFER_RECT),
        COPY_BUFFER_RECT(CL_COMMAND_COPY_BUFFER_RECT), MIGRATE_MEM_OBJECTS(CL_COMMAND_MIGRATE_MEM_OBJECTS),
        NDRANGE_KERNEL(CL_COMMAND_NDRANGE_KERNEL), MARKER(CL_COMMAND_MARKER), BARRIER(CL_COMMAND_BARRIER),
        READ_IMAGE(CL_COMMAND_READ_IMAGE), WRITE_IMAGE(CL_COMMAND_WRITE_IMAGE), COPY_IMAGE(CL_COMMAND_COPY_IMAGE),
        FILL_IMAGE(CL_COMMAND_FILL_IMAGE),
        COPY_IMAGE_TO_BUFFER(CL_COMMAND_COPY_IMAGE_TO_BUFFER),
        COPY_BUFFER_TO_IMAGE(CL_COMMAND_COPY_BUFFER_TO_IMAGE);

        final int type;

        Command(int type) {
            this.type = type;
        }

        boolean needsImages() {
            return name().contains("IMAGE");
        }
    }

    private cl_program program;

    @BeforeAll
    final void buildCatalogProgram() {
        program = program("kernel void inc(global int* a) { size_t i = get_global_id(0); a[i] = a[i] + 1; }\n",
                null);
    }

    /** A tracked 16 x 16 RGBA / UNSIGNED_INT8 image, initialised from bytes. */
    protected cl_mem image2d(int seed) {
        cl_image_format format = new cl_image_format();
        format.image_channel_order = CL_RGBA;
        format.image_channel_data_type = CL_UNSIGNED_INT8;
        cl_image_desc desc = new cl_image_desc();
        desc.image_type = CL_MEM_OBJECT_IMAGE2D;
        desc.image_width = 16;
        desc.image_height = 16;
        byte[] data = bytes(16 * 16 * 4, seed);
        int[] e = err();
        cl_mem image = clCreateImage(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, format, desc,
                Pointer.to(data), e);
        ok(e[0], "clCreateImage");
        return track(image);
    }

    /** Enqueues one command of the given kind on {@code q}; waits for it; returns its tracked event. */
    protected cl_event enqueue(cl_command_queue q, Command c) {
        if (c.needsImages()) {
            assumeTrue(imageSupport(), "the device has no image support");
        }
        cl_mem a = intBuffer(ramp(N, 1, 0));
        cl_mem b = intBuffer(N);
        byte[] host = new byte[(int) BYTES];
        long[] origin = new long[3];
        long[] rect = {16, 4, 2};
        long[] region = {8, 8, 1};
        cl_event e = newEvent();
        int rc;
        switch (c) {
            case READ_BUFFER:
                rc = clEnqueueReadBuffer(q, a, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null, e);
                break;
            case WRITE_BUFFER:
                rc = clEnqueueWriteBuffer(q, a, CL_TRUE, 0, BYTES, Pointer.to(host), 0, null, e);
                break;
            case COPY_BUFFER:
                rc = clEnqueueCopyBuffer(q, a, b, 0, 0, BYTES, 0, null, e);
                break;
            case FILL_BUFFER:
                rc = clEnqueueFillBuffer(q, a, Pointer.to(new int[] {3}), Sizeof.cl_int, 0, BYTES, 0, null, e);
                break;
            case MAP_BUFFER: {
                int[] err = err();
                ByteBuffer mapped = clEnqueueMapBuffer(q, a, CL_TRUE, CL_MAP_READ, 0, BYTES, 0, null, e, err);
                rc = err[0];
                if (rc == CL_SUCCESS) {
                    ok(clEnqueueUnmapMemObject(q, a, mapped, 0, null, null), "unmap");
                }
                break;
            }
            case UNMAP_MEM_OBJECT: {
                int[] err = err();
                ByteBuffer mapped = clEnqueueMapBuffer(q, a, CL_TRUE, CL_MAP_READ, 0, BYTES, 0, null, null, err);
                ok(err[0], "map");
                rc = clEnqueueUnmapMemObject(q, a, mapped, 0, null, e);
                break;
            }
            case READ_BUFFER_RECT:
                rc = clEnqueueReadBufferRect(q, a, CL_TRUE, origin, origin, rect, 0, 0, 0, 0, Pointer.to(host), 0,
                        null, e);
                break;
            case WRITE_BUFFER_RECT:
                rc = clEnqueueWriteBufferRect(q, a, CL_TRUE, origin, origin, rect, 0, 0, 0, 0, Pointer.to(host), 0,
                        null, e);
                break;
            case COPY_BUFFER_RECT:
                rc = clEnqueueCopyBufferRect(q, a, b, origin, origin, rect, 0, 0, 0, 0, 0, null, e);
                break;
            case MIGRATE_MEM_OBJECTS:
                rc = clEnqueueMigrateMemObjects(q, 1, new cl_mem[] {a}, 0, 0, null, e);
                break;
            case NDRANGE_KERNEL: {
                cl_kernel k = kernel(program, "inc");
                argMem(k, 0, a);
                rc = clEnqueueNDRangeKernel(q, k, 1, null, new long[] {N}, null, 0, null, e);
                break;
            }
            case MARKER:
                rc = clEnqueueMarkerWithWaitList(q, 0, null, e);
                break;
            case BARRIER:
                rc = clEnqueueBarrierWithWaitList(q, 0, null, e);
                break;
            case READ_IMAGE:
                rc = clEnqueueReadImage(q, image2d(1), CL_TRUE, origin, region, 0, 0, Pointer.to(host), 0, null, e);
                break;
            case WRITE_IMAGE:
                rc = clEnqueueWriteImage(q, image2d(1), CL_TRUE, origin, region, 0, 0, Pointer.to(host), 0, null,
                        e);
                break;
            case COPY_IMAGE:
                rc = clEnqueueCopyImage(q, image2d(1), image2d(2), origin, origin, region, 0, null, e);
                break;
            case FILL_IMAGE:
                rc = clEnqueueFillImage(q, image2d(1), Pointer.to(new int[] {1, 2, 3, 4}), origin, region, 0, null,
                        e);
                break;
            case COPY_IMAGE_TO_BUFFER:
                rc = clEnqueueCopyImageToBuffer(q, image2d(1), a, origin, region, 0, 0, null, e);
                break;
            case COPY_BUFFER_TO_IMAGE:
                rc = clEnqueueCopyBufferToImage(q, a, image2d(1), 0, origin, region, 0, null, e);
                break;
            default:
                throw new AssertionError(c);
        }
        ok(rc, c.name());
        track(e);
        waitFor(e);
        finish(q);
        return e;
    }
}
