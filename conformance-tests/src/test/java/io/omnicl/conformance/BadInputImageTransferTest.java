package io.omnicl.conformance;

import static org.jocl.CL.*;

import org.jocl.Pointer;
import org.jocl.cl_mem;

/**
 * Bad input (see {@link BadInputTestBase}) to the enqueued image transfers: read, write, fill, copy, and
 * copies between images and buffers.
 */
class BadInputImageTransferTest extends BadInputTestBase {

    private static final String POCL_PITCH = "PoCL does not check the host row pitch of an image transfer";
    private static final String POCL_DEPTH =
            "PoCL checks region[2] of a 2D image only in image-to-image copies";

    @Override
    protected void addRows(Table t) {
        imageTransfers(t);
    }

    /** Marks the rows of one entry point and class as answered otherwise by the reference. */
    private static void deviation(Table t, String entry, String kind, String why, int... codes) {
        t.rows.stream().filter(r -> r.entry.equals(entry) && r.kind.equals(kind)).forEach(r -> r.reference(why, codes));
    }

    private void imageTransfers(Table t) {
        String rd = "clEnqueueReadImage";
        needImages(enqueueRows(t, rd, () -> {
            cl_mem img = image();
            byte[] h = host(IMAGE_BYTES);
            return (q, n, list) -> clEnqueueReadImage(q, img, CL_TRUE, ORIGIN, WHOLE, 0, 0, Pointer.to(h), n, list,
                    null);
        }));
        imageRows(t, rd, "image", m -> clEnqueueReadImage(queue, m, CL_TRUE, ORIGIN, WHOLE, 0, 0,
                Pointer.to(host(IMAGE_BYTES)), 0, null, null));
        boxRows(t, rd, "", box -> clEnqueueReadImage(queue, image(), CL_TRUE, box[0], box[1], 0, 0,
                Pointer.to(host(IMAGE_BYTES)), 0, null, null));
        t.add(rd, "row_pitch below a row", () -> {
            cl_mem img = image();
            byte[] h = host(IMAGE_BYTES);
            return () -> clEnqueueReadImage(queue, img, CL_TRUE, ORIGIN, WHOLE, 4, 0, Pointer.to(h), 0, null, null);
        }, CL_INVALID_VALUE).images().reference(POCL_PITCH, CL_SUCCESS);
        t.add(rd, "ptr null", () -> {
            cl_mem img = image();
            return () -> clEnqueueReadImage(queue, img, CL_TRUE, ORIGIN, WHOLE, 0, 0, null, 0, null, null);
        }, CL_INVALID_VALUE).images();
        t.add(rd, "Pointer holds less than the region", () -> {
            cl_mem img = image();
            return () -> clEnqueueReadImage(queue, img, CL_TRUE, ORIGIN, WHOLE, 0, 0, Pointer.to(new int[1]), 0,
                    null, null);
        }, CL_INVALID_VALUE).images().skipOnReference(SMALL);
        t.add(rd, "image created CL_MEM_HOST_WRITE_ONLY", () -> {
            cl_mem img = image(CL_MEM_READ_WRITE | CL_MEM_HOST_WRITE_ONLY, rgba8());
            byte[] h = host(IMAGE_BYTES);
            return () -> clEnqueueReadImage(queue, img, CL_TRUE, ORIGIN, WHOLE, 0, 0, Pointer.to(h), 0, null, null);
        }, CL_INVALID_OPERATION).images();

        String wr = "clEnqueueWriteImage";
        needImages(enqueueRows(t, wr, () -> {
            cl_mem img = image();
            byte[] h = bytes(IMAGE_BYTES, 99);
            return (q, n, list) -> clEnqueueWriteImage(q, img, CL_TRUE, ORIGIN, WHOLE, 0, 0, Pointer.to(h), n, list,
                    null);
        }));
        imageRows(t, wr, "image", m -> clEnqueueWriteImage(queue, m, CL_TRUE, ORIGIN, WHOLE, 0, 0,
                Pointer.to(bytes(IMAGE_BYTES, 99)), 0, null, null));
        boxRows(t, wr, "", box -> clEnqueueWriteImage(queue, image(), CL_TRUE, box[0], box[1], 0, 0,
                Pointer.to(bytes(IMAGE_BYTES, 99)), 0, null, null));
        t.add(wr, "input_row_pitch below a row", () -> {
            cl_mem img = image();
            byte[] h = bytes(IMAGE_BYTES, 99);
            return () -> clEnqueueWriteImage(queue, img, CL_TRUE, ORIGIN, WHOLE, 4, 0, Pointer.to(h), 0, null, null);
        }, CL_INVALID_VALUE).images().reference(POCL_PITCH, CL_SUCCESS);
        t.add(wr, "ptr null", () -> {
            cl_mem img = image();
            return () -> clEnqueueWriteImage(queue, img, CL_TRUE, ORIGIN, WHOLE, 0, 0, null, 0, null, null);
        }, CL_INVALID_VALUE).images();
        t.add(wr, "Pointer holds less than the region", () -> {
            cl_mem img = image();
            return () -> clEnqueueWriteImage(queue, img, CL_TRUE, ORIGIN, WHOLE, 0, 0, Pointer.to(new int[1]), 0,
                    null, null);
        }, CL_INVALID_VALUE).images().skipOnReference(SMALL_READ);
        t.add(wr, "image created CL_MEM_HOST_READ_ONLY", () -> {
            cl_mem img = image(CL_MEM_READ_WRITE | CL_MEM_HOST_READ_ONLY, rgba8());
            byte[] h = bytes(IMAGE_BYTES, 99);
            return () -> clEnqueueWriteImage(queue, img, CL_TRUE, ORIGIN, WHOLE, 0, 0, Pointer.to(h), 0, null, null);
        }, CL_INVALID_OPERATION).images();

        String fl = "clEnqueueFillImage";
        Pointer color = Pointer.to(new int[] {1, 2, 3, 4});
        needImages(enqueueRows(t, fl, () -> {
            cl_mem img = image();
            return (q, n, list) -> clEnqueueFillImage(q, img, color, ORIGIN, WHOLE, n, list, null);
        }));
        imageRows(t, fl, "image", m -> clEnqueueFillImage(queue, m, color, ORIGIN, WHOLE, 0, null, null));
        boxRows(t, fl, "", box -> clEnqueueFillImage(queue, image(), color, box[0], box[1], 0, null, null));
        t.add(fl, "fill_color null", () -> {
            cl_mem img = image();
            return () -> clEnqueueFillImage(queue, img, null, ORIGIN, WHOLE, 0, null, null);
        }, CL_INVALID_VALUE).images();
        t.add(fl, "Pointer holds less than a color", () -> {
            cl_mem img = image();
            return () -> clEnqueueFillImage(queue, img, Pointer.to(new byte[2]), ORIGIN, WHOLE, 0, null, null);
        }, CL_INVALID_VALUE).images().skipOnReference(SMALL_READ);

        String ci = "clEnqueueCopyImage";
        needImages(enqueueRows(t, ci, () -> {
            cl_mem src = image();
            cl_mem dst = image();
            return (q, n, list) -> clEnqueueCopyImage(q, src, dst, ORIGIN, ORIGIN, WHOLE, n, list, null);
        }));
        imageRows(t, ci, "src_image", m -> clEnqueueCopyImage(queue, m, image(), ORIGIN, ORIGIN, WHOLE, 0, null,
                null));
        imageRows(t, ci, "dst_image", m -> clEnqueueCopyImage(queue, image(), m, ORIGIN, ORIGIN, WHOLE, 0, null,
                null));
        boxRows(t, ci, "source: ", box -> clEnqueueCopyImage(queue, image(), image(), box[0], ORIGIN, box[1], 0, null,
                null));
        boxRows(t, ci, "destination: ", box -> clEnqueueCopyImage(queue, image(), image(), ORIGIN, box[0], box[1], 0,
                null, null));
        t.add(ci, "images of different formats", () -> {
            cl_mem src = image();
            cl_mem dst = image(CL_MEM_READ_WRITE, format(CL_RGBA, CL_SIGNED_INT8));
            return () -> clEnqueueCopyImage(queue, src, dst, ORIGIN, ORIGIN, WHOLE, 0, null, null);
        }, CL_IMAGE_FORMAT_MISMATCH).images();
        t.add(ci, "overlapping regions of one image", () -> {
            cl_mem img = image();
            return () -> clEnqueueCopyImage(queue, img, img, ORIGIN, new long[] {2, 2, 0}, new long[] {4, 4, 1}, 0,
                    null, null);
        }, CL_MEM_COPY_OVERLAP).images();

        String ib = "clEnqueueCopyImageToBuffer";
        needImages(enqueueRows(t, ib, () -> {
            cl_mem src = image();
            cl_mem dst = guarded();
            return (q, n, list) -> clEnqueueCopyImageToBuffer(q, src, dst, ORIGIN, WHOLE, 0, n, list, null);
        }));
        imageRows(t, ib, "src_image", m -> clEnqueueCopyImageToBuffer(queue, m, guarded(), ORIGIN, WHOLE, 0, 0, null,
                null));
        memRows(t, ib, "dst_buffer", m -> clEnqueueCopyImageToBuffer(queue, image(), m, ORIGIN, WHOLE, 0, 0, null,
                null)).skipOnReference(POCL_NULL_MEM);
        boxRows(t, ib, "", box -> clEnqueueCopyImageToBuffer(queue, image(), guarded(), box[0], box[1], 0, 0, null,
                null));
        deviation(t, ib, "region[2] != 1 for a 2D image", POCL_DEPTH, CL_SUCCESS);
        t.add(ib, "dst_offset: pixels past the end of the buffer", () -> {
            cl_mem src = image();
            cl_mem dst = guarded();
            return () -> clEnqueueCopyImageToBuffer(queue, src, dst, ORIGIN, WHOLE, 4, 0, null, null);
        }, CL_INVALID_VALUE).images();
        t.add(ib, "dst_offset near Long.MAX_VALUE", () -> {
            cl_mem src = image();
            cl_mem dst = guarded();
            return () -> clEnqueueCopyImageToBuffer(queue, src, dst, ORIGIN, WHOLE, Long.MAX_VALUE - 3, 0, null,
                    null);
        }, CL_INVALID_VALUE).images();

        String bi = "clEnqueueCopyBufferToImage";
        needImages(enqueueRows(t, bi, () -> {
            cl_mem src = guarded();
            cl_mem dst = image();
            return (q, n, list) -> clEnqueueCopyBufferToImage(q, src, dst, 0, ORIGIN, WHOLE, n, list, null);
        }));
        memRows(t, bi, "src_buffer", m -> clEnqueueCopyBufferToImage(queue, m, image(), 0, ORIGIN, WHOLE, 0, null,
                null));
        imageRows(t, bi, "dst_image", m -> clEnqueueCopyBufferToImage(queue, guarded(), m, 0, ORIGIN, WHOLE, 0, null,
                null));
        boxRows(t, bi, "", box -> clEnqueueCopyBufferToImage(queue, guarded(), image(), 0, box[0], box[1], 0, null,
                null));
        deviation(t, bi, "region[2] != 1 for a 2D image", POCL_DEPTH, CL_SUCCESS);
        t.add(bi, "src_offset: pixels past the end of the buffer", () -> {
            cl_mem src = guarded();
            cl_mem dst = image();
            return () -> clEnqueueCopyBufferToImage(queue, src, dst, 4, ORIGIN, WHOLE, 0, null, null);
        }, CL_INVALID_VALUE).images();
        t.add(bi, "src_offset near Long.MAX_VALUE", () -> {
            cl_mem src = guarded();
            cl_mem dst = image();
            return () -> clEnqueueCopyBufferToImage(queue, src, dst, Long.MAX_VALUE - 3, ORIGIN, WHOLE, 0, null,
                    null);
        }, CL_INVALID_VALUE).images();
    }
}
