package io.omnicl.conformance;

import static org.jocl.CL.*;

import java.util.ArrayList;
import java.util.List;

import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_context;
import org.jocl.cl_image_desc;
import org.jocl.cl_image_format;
import org.jocl.cl_mem;
import org.jocl.cl_sampler;

/**
 * Bad input (see {@link BadInputTestBase}) to the image and sampler entry points: create, supported
 * formats, retain and release, info.
 */
@SuppressWarnings("deprecation") // OpenCL 1.2 entry points that JOCL marks deprecated for 2.0
class BadInputImageTest extends BadInputTestBase {

    @Override
    protected void addRows(Table t) {
        imageObjects(t);
        samplers(t);
    }

    private int createImage(cl_context c, long flags, cl_image_format f, cl_image_desc d, Pointer hostPtr) {
        int[] e = err();
        return status(e, clCreateImage(c, flags, f, d, hostPtr, e));
    }

    private void imageObjects(Table t) {
        String e0 = "clCreateImage";
        List<BadInputRow> rows = new ArrayList<>();
        rows.add(t.call(e0, "null context", () -> createImage(null, CL_MEM_READ_WRITE, rgba8(), desc2d(), null),
                CL_INVALID_CONTEXT));
        rows.add(t.add(e0, "released context", () -> {
            cl_context c = releasedContext();
            return () -> createImage(c, CL_MEM_READ_WRITE, rgba8(), desc2d(), null);
        }, CL_INVALID_CONTEXT).skipOnReference(RELEASED));
        rows.add(t.call(e0, "CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY",
                () -> createImage(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, rgba8(), desc2d(), null),
                CL_INVALID_VALUE));
        rows.add(t.call(e0, "unknown flag bits",
                () -> createImage(context, CL_MEM_READ_WRITE | UNKNOWN_BIT, rgba8(), desc2d(), null),
                CL_INVALID_VALUE));
        rows.add(t.call(e0, "CL_MEM_USE_HOST_PTR, host_ptr null",
                () -> createImage(context, CL_MEM_USE_HOST_PTR, rgba8(), desc2d(), null), CL_INVALID_HOST_PTR));
        rows.add(t.call(e0, "host_ptr without a *_HOST_PTR flag", () -> createImage(context, CL_MEM_READ_WRITE,
                rgba8(), desc2d(), Pointer.to(new byte[IMAGE_BYTES])), CL_INVALID_HOST_PTR));
        rows.add(t.call(e0, "Pointer holds less than the image (CL_MEM_COPY_HOST_PTR)",
                () -> createImage(context, CL_MEM_COPY_HOST_PTR, rgba8(), desc2d(), Pointer.to(new byte[4])),
                CL_INVALID_HOST_PTR, CL_INVALID_VALUE).skipOnReference(SMALL_READ));
        rows.add(t.call(e0, "unknown image_channel_order", () -> createImage(context, CL_MEM_READ_WRITE,
                format(0x7777, CL_UNSIGNED_INT8), desc2d(), null), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
                .reference("PoCL finds no device that supports the format: CL_INVALID_OPERATION",
                        CL_INVALID_OPERATION));
        rows.add(t.call(e0, "image_type of a buffer", () -> createImage(context, CL_MEM_READ_WRITE, rgba8(),
                desc(CL_MEM_OBJECT_BUFFER, SIDE, SIDE, 0), null), CL_INVALID_IMAGE_DESCRIPTOR)
                .reference("PoCL: CL_INVALID_VALUE for an image type it does not know", CL_INVALID_VALUE));
        rows.add(t.call(e0, "width above CL_DEVICE_IMAGE2D_MAX_WIDTH", () -> createImage(context,
                CL_MEM_READ_WRITE, rgba8(), desc(CL_MEM_OBJECT_IMAGE2D, 1L << 40, 1, 0), null),
                CL_INVALID_IMAGE_SIZE)
                .reference("PoCL finds no device that supports the size: CL_INVALID_OPERATION", CL_INVALID_OPERATION));
        rows.add(t.call(e0, "image_row_pitch without host_ptr", () -> {
            cl_image_desc d = desc2d();
            d.image_row_pitch = SIDE * PIXEL * 2;
            return createImage(context, CL_MEM_READ_WRITE, rgba8(), d, null);
        }, CL_INVALID_IMAGE_DESCRIPTOR).reference("PoCL ignores a pitch without host memory", CL_SUCCESS));
        rows.add(t.call(e0, "num_mip_levels > 0", () -> {
            cl_image_desc d = desc2d();
            d.num_mip_levels = 2;
            return createImage(context, CL_MEM_READ_WRITE, rgba8(), d, null);
        }, CL_INVALID_IMAGE_DESCRIPTOR).skipOnReference("PoCL aborts the process: mipmaps are unimplemented"));
        rows.add(t.call(e0, "1D buffer image without a buffer", () -> createImage(context, CL_MEM_READ_WRITE, rgba8(),
                desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, SIDE, 0, 0), null), CL_INVALID_IMAGE_DESCRIPTOR)
                .reference("PoCL: CL_INVALID_MEM_OBJECT for the missing buffer", CL_INVALID_MEM_OBJECT));

        String e1 = "clCreateImage2D";
        rows.add(t.call(e1, "null context", () -> {
            int[] e = err();
            return status(e, clCreateImage2D(null, CL_MEM_READ_WRITE, new cl_image_format[] {rgba8()}, SIDE, SIDE, 0,
                    null, e));
        }, CL_INVALID_CONTEXT));
        rows.add(t.call(e1, "CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY", () -> {
            int[] e = err();
            return status(e, clCreateImage2D(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
                    new cl_image_format[] {rgba8()}, SIDE, SIDE, 0, null, e));
        }, CL_INVALID_VALUE));
        rows.add(t.call(e1, "width 0", () -> {
            int[] e = err();
            return status(e, clCreateImage2D(context, CL_MEM_READ_WRITE, new cl_image_format[] {rgba8()}, 0, SIDE, 0,
                    null, e));
        }, CL_INVALID_IMAGE_SIZE).reference("PoCL: CL_INVALID_BUFFER_SIZE for an image of 0 bytes",
                CL_INVALID_BUFFER_SIZE));
        rows.add(t.call(e1, "CL_MEM_COPY_HOST_PTR, host_ptr null", () -> {
            int[] e = err();
            return status(e, clCreateImage2D(context, CL_MEM_COPY_HOST_PTR, new cl_image_format[] {rgba8()}, SIDE,
                    SIDE, 0, null, e));
        }, CL_INVALID_HOST_PTR));

        String e2 = "clCreateImage3D";
        rows.add(t.call(e2, "null context", () -> {
            int[] e = err();
            return status(e, clCreateImage3D(null, CL_MEM_READ_WRITE, new cl_image_format[] {rgba8()}, SIDE, SIDE, 2,
                    0, 0, null, e));
        }, CL_INVALID_CONTEXT));
        rows.add(t.call(e2, "depth 1", () -> {
            int[] e = err();
            return status(e, clCreateImage3D(context, CL_MEM_READ_WRITE, new cl_image_format[] {rgba8()}, SIDE, SIDE,
                    1, 0, 0, null, e));
        }, CL_INVALID_IMAGE_SIZE).reference("PoCL creates a 3D image of depth 1", CL_SUCCESS));
        rows.add(t.call(e2, "CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY", () -> {
            int[] e = err();
            return status(e, clCreateImage3D(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
                    new cl_image_format[] {rgba8()}, SIDE, SIDE, 2, 0, 0, null, e));
        }, CL_INVALID_VALUE));
        rows.add(t.call(e2, "host_ptr without a *_HOST_PTR flag", () -> {
            int[] e = err();
            return status(e, clCreateImage3D(context, CL_MEM_READ_WRITE, new cl_image_format[] {rgba8()}, SIDE, SIDE,
                    2, 0, 0, Pointer.to(new byte[IMAGE_BYTES * 2]), e));
        }, CL_INVALID_HOST_PTR));
        rows.forEach(BadInputRow::images);

        String e3 = "clGetSupportedImageFormats";
        t.call(e3, "null context", () -> clGetSupportedImageFormats(null, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0,
                null, new int[1]), CL_INVALID_CONTEXT);
        t.add(e3, "released context", () -> {
            cl_context c = releasedContext();
            return () -> clGetSupportedImageFormats(c, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, null, new int[1]);
        }, CL_INVALID_CONTEXT).skipOnReference(RELEASED);
        t.call(e3, "image_type of a buffer", () -> clGetSupportedImageFormats(context, CL_MEM_READ_WRITE,
                CL_MEM_OBJECT_BUFFER, 0, null, new int[1]), CL_INVALID_VALUE);
        t.call(e3, "num_entries 0 with an image_formats array", () -> clGetSupportedImageFormats(context,
                CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, new cl_image_format[1], new int[1]), CL_INVALID_VALUE);
        t.call(e3, "CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY", () -> clGetSupportedImageFormats(context,
                CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, null, new int[1]), CL_INVALID_VALUE)
                .reference("PoCL does not check the flags", CL_SUCCESS);

        String e4 = "clGetImageInfo";
        needImages(infoRows(t, e4, "image", CL_INVALID_MEM_OBJECT, this::image, this::releasedImage, CL_IMAGE_WIDTH,
                (m, param, size, value, ret) -> clGetImageInfo(m, param, size, value, ret)));
        t.add(e4, "a buffer, not an image", () -> {
            cl_mem m = guarded();
            return () -> clGetImageInfo(m, CL_IMAGE_WIDTH, Sizeof.size_t, Pointer.to(new long[1]), null);
        }, CL_INVALID_MEM_OBJECT).images().reference("PoCL answers for a buffer as for an image", CL_SUCCESS);
    }

    private int createSampler(cl_context c, boolean normalized, int addressing, int filter) {
        int[] e = err();
        return status(e, clCreateSampler(c, normalized, addressing, filter, e));
    }

    private void samplers(Table t) {
        String e0 = "clCreateSampler";
        List<BadInputRow> rows = new ArrayList<>();
        rows.add(t.call(e0, "null context", () -> createSampler(null, true, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST),
                CL_INVALID_CONTEXT));
        rows.add(t.add(e0, "released context", () -> {
            cl_context c = releasedContext();
            return () -> createSampler(c, true, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST);
        }, CL_INVALID_CONTEXT).skipOnReference(RELEASED));
        String poclModes = "PoCL does not check the addressing and filter modes";
        rows.add(t.call(e0, "unknown addressing_mode", () -> createSampler(context, true, 0x7777, CL_FILTER_NEAREST),
                CL_INVALID_VALUE).reference(poclModes, CL_SUCCESS));
        rows.add(t.call(e0, "unknown filter_mode", () -> createSampler(context, true, CL_ADDRESS_CLAMP, 0x7777),
                CL_INVALID_VALUE).reference(poclModes, CL_SUCCESS));
        rows.add(t.call(e0, "CL_ADDRESS_REPEAT with unnormalized coordinates",
                () -> createSampler(context, false, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST), CL_INVALID_VALUE));
        rows.add(t.call(e0, "CL_ADDRESS_MIRRORED_REPEAT with unnormalized coordinates",
                () -> createSampler(context, false, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_NEAREST), CL_INVALID_VALUE));
        List<BadInputRow> before = new ArrayList<>(t.rows);
        refRows(t, "clRetainSampler", "sampler", CL_INVALID_SAMPLER, CL::clRetainSampler, this::releasedSampler);
        refRows(t, "clReleaseSampler", "sampler", CL_INVALID_SAMPLER, CL::clReleaseSampler, this::releasedSampler);
        infoRows(t, "clGetSamplerInfo", "sampler", CL_INVALID_SAMPLER, this::sampler, this::releasedSampler,
                CL_SAMPLER_ADDRESSING_MODE, (s, param, size, value, ret) -> clGetSamplerInfo(s, param, size, value,
                        ret));
        t.rows.stream().filter(r -> !before.contains(r)).forEach(rows::add);
        rows.forEach(BadInputRow::images);
    }

    private cl_sampler sampler() {
        int[] e = err();
        cl_sampler s = clCreateSampler(context, true, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, e);
        ok(e[0], "clCreateSampler");
        return track(s);
    }

    private cl_sampler releasedSampler() {
        int[] e = err();
        cl_sampler s = clCreateSampler(context, true, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, e);
        ok(e[0], "clCreateSampler");
        ok(clReleaseSampler(s), "release");
        return s;
    }
}
