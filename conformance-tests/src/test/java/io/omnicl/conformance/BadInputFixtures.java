package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_device_partition_property;
import org.jocl.cl_event;
import org.jocl.cl_image_desc;
import org.jocl.cl_image_format;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;

/**
 * What the rows of the bad-input table ({@link BadInputTestBase}) arrange: a built program and a second context
 * for the class, buffers, images and host memory whose content is checked after the failed call, handles of
 * the other context or of no device in the context, and released handles. What one API family alone needs
 * is in that family's class.
 */
abstract class BadInputFixtures extends ClTestBase {

    static final int N = 64;
    static final int BYTES = N * Sizeof.cl_int;
    static final int SIDE = 8;
    static final int PIXEL = 4;
    static final int IMAGE_BYTES = SIDE * SIDE * PIXEL;
    static final long[] ORIGIN = {0, 0, 0};
    static final long[] WHOLE = {SIDE, SIDE, 1};

    static final String SOURCE = ""
            + "kernel void fill(global int* a, int v) { a[get_global_id(0)] = v; }\n"
            + "kernel void scratch(global int* a, local int* l) {\n"
            + "  l[get_local_id(0)] = 1; barrier(CLK_LOCAL_MEM_FENCE); a[get_global_id(0)] = l[0];\n"
            + "}\n"
            + "kernel __attribute__((reqd_work_group_size(2, 1, 1))) void pairs(global int* a) {\n"
            + "  a[get_global_id(0)] = 5;\n"
            + "}\n";

    protected cl_program program;
    protected cl_context other;
    private cl_command_queue otherQueue;
    protected long align;
    private int seed;

    /** Checks that the failed call left its targets unchanged. */
    protected final List<Runnable> checks = new ArrayList<>();
    /** Undoes what a row set up and the test base does not release (mappings, pending user events). */
    protected final List<Runnable> cleanups = new ArrayList<>();

    @BeforeAll
    void fixtures() {
        // program() releases what it builds after the class when called here
        program = program(SOURCE, "-cl-kernel-arg-info");
        other = keep(createContext(device));
        otherQueue = keep(createQueue(other, device, 0));
        align = baseAlignBytes(device);
    }

    @AfterEach
    void undo() {
        checks.clear();
        List<Runnable> pending = new ArrayList<>(cleanups);
        cleanups.clear();
        pending.forEach(Runnable::run);
    }

    /** A buffer of BYTES recognisable bytes, checked after the call. */
    protected cl_mem guarded() {
        return guarded(CL_MEM_READ_WRITE);
    }

    protected cl_mem guarded(long flags) {
        byte[] content = bytes(BYTES, ++seed);
        cl_mem m = buffer(flags | CL_MEM_COPY_HOST_PTR, BYTES, Pointer.to(content));
        checks.add(() -> assertArrayEquals(content, contentOf(m), "the failed call changed the buffer"));
        return m;
    }

    /** A buffer's bytes, through a copy (which its host access flags allow). */
    private byte[] contentOf(cl_mem m) {
        cl_mem scratch = buffer(CL_MEM_READ_WRITE, BYTES, null);
        ok(clEnqueueCopyBuffer(queue, m, scratch, 0, 0, BYTES, 0, null, null), "copy back");
        return readBytes(scratch, BYTES);
    }

    /** Host memory of n recognisable bytes, checked after the call. */
    protected byte[] host(int n) {
        byte[] content = bytes(n, 100 + ++seed);
        byte[] expected = content.clone();
        checks.add(() -> assertArrayEquals(expected, content, "the failed call wrote to host memory"));
        return content;
    }

    protected static cl_image_format format(int order, int type) {
        cl_image_format f = new cl_image_format();
        f.image_channel_order = order;
        f.image_channel_data_type = type;
        return f;
    }

    protected static cl_image_format rgba8() {
        return format(CL_RGBA, CL_UNSIGNED_INT8);
    }

    protected static cl_image_desc desc(int type, long width, long height, long depth) {
        cl_image_desc d = new cl_image_desc();
        d.image_type = type;
        d.image_width = width;
        d.image_height = height;
        d.image_depth = depth;
        return d;
    }

    protected static cl_image_desc desc2d() {
        return desc(CL_MEM_OBJECT_IMAGE2D, SIDE, SIDE, 0);
    }

    /** A SIDE x SIDE RGBA / UNSIGNED_INT8 image of recognisable pixels, checked after the call. */
    protected cl_mem image() {
        return image(CL_MEM_READ_WRITE, rgba8());
    }

    protected cl_mem image(long flags, cl_image_format format) {
        byte[] pixels = bytes(IMAGE_BYTES, 200 + ++seed);
        int[] e = err();
        cl_mem img = clCreateImage(context, flags | CL_MEM_COPY_HOST_PTR, format, desc2d(), Pointer.to(pixels), e);
        ok(e[0], "clCreateImage");
        track(img);
        checks.add(() -> assertArrayEquals(pixels, pixelsOf(img), "the failed call changed the image"));
        return img;
    }

    private byte[] pixelsOf(cl_mem img) {
        cl_mem scratch = buffer(CL_MEM_READ_WRITE, IMAGE_BYTES, null);
        ok(clEnqueueCopyImageToBuffer(queue, img, scratch, ORIGIN, WHOLE, 0, 0, null, null), "copy the image back");
        return readBytes(scratch, IMAGE_BYTES);
    }

    protected cl_mem foreignBuffer() {
        int[] e = err();
        cl_mem m = clCreateBuffer(other, CL_MEM_READ_WRITE, BYTES, null, e);
        ok(e[0], "clCreateBuffer in the other context");
        return track(m);
    }

    protected cl_mem foreignImage() {
        int[] e = err();
        cl_mem m = clCreateImage(other, CL_MEM_READ_WRITE, rgba8(), desc2d(), null, e);
        ok(e[0], "clCreateImage in the other context");
        return track(m);
    }

    /** A completed user event of the class context. */
    protected cl_event done() {
        cl_event u = userEvent();
        ok(clSetUserEventStatus(u, CL_COMPLETE), "complete");
        return u;
    }

    /** A completed user event of the other context. */
    protected cl_event foreignDone() {
        cl_event u = userEvent(other);
        ok(clSetUserEventStatus(u, CL_COMPLETE), "complete");
        return u;
    }

    protected cl_kernel kernelOf(cl_program p, String name) {
        return kernel(p, name);
    }

    protected cl_program sourceProgram() {
        int[] e = err();
        cl_program p = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, e);
        ok(e[0], "clCreateProgramWithSource");
        return track(p);
    }

    /** A device not in the class context: another device of the platform, or a sub-device of this one. */
    protected cl_device_id foreignDevice() {
        cl_device_id d = otherDevice();
        if (d != null) {
            return d;
        }
        cl_device_partition_property p = new cl_device_partition_property();
        p.addProperty(CL_DEVICE_PARTITION_EQUALLY, 1);
        p.addProperty(0, 0);
        int[] count = new int[1];
        int rc = clCreateSubDevices(device, p, 0, null, count);
        assumeTrue(rc == CL_SUCCESS && count[0] > 0, "no device outside the context: one device, not partitionable");
        cl_device_id[] subs = new cl_device_id[count[0]];
        ok(clCreateSubDevices(device, p, subs.length, subs, null), "clCreateSubDevices");
        for (cl_device_id s : subs) {
            track(s);
        }
        return subs[0];
    }

    // ---- released handles (OmniCL only) ---------------------------------------------------------------------

    protected cl_context releasedContext() {
        cl_context c = createContext(device);
        ok(clReleaseContext(c), "release");
        return c;
    }

    protected cl_command_queue releasedQueue() {
        cl_command_queue q = createQueue(context, device, 0);
        ok(clReleaseCommandQueue(q), "release");
        return q;
    }

    protected cl_mem releasedBuffer() {
        int[] e = err();
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, BYTES, null, e);
        ok(e[0], "clCreateBuffer");
        ok(clReleaseMemObject(m), "release");
        return m;
    }

    protected cl_mem releasedImage() {
        int[] e = err();
        cl_mem m = clCreateImage(context, CL_MEM_READ_WRITE, rgba8(), desc2d(), null, e);
        ok(e[0], "clCreateImage");
        ok(clReleaseMemObject(m), "release");
        return m;
    }

    protected cl_program releasedProgram() {
        int[] e = err();
        cl_program p = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, e);
        ok(e[0], "clCreateProgramWithSource");
        ok(clReleaseProgram(p), "release");
        return p;
    }

    protected cl_kernel releasedKernel() {
        int[] e = err();
        cl_kernel k = clCreateKernel(program, "fill", e);
        ok(e[0], "clCreateKernel");
        ok(clReleaseKernel(k), "release");
        return k;
    }

    protected cl_event releasedEvent() {
        int[] e = err();
        cl_event u = clCreateUserEvent(context, e);
        ok(e[0], "clCreateUserEvent");
        ok(clSetUserEventStatus(u, CL_COMPLETE), "complete");
        ok(clReleaseEvent(u), "release");
        return u;
    }
}
