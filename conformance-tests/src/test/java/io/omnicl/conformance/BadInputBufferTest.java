package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.cl_buffer_region;
import org.jocl.cl_context;
import org.jocl.cl_mem;

/**
 * Bad input (see {@link BadInputTestBase}) to the buffer and sub-buffer entry points and those of every
 * memory object: create, retain and release, info, destructor callback.
 */
class BadInputBufferTest extends BadInputTestBase {

    @Override
    protected void addRows(Table t) {
        buffers(t);
    }

    private int createBuffer(cl_context c, long flags, long size, Pointer hostPtr) {
        int[] e = err();
        return status(e, clCreateBuffer(c, flags, size, hostPtr, e));
    }

    private void buffers(Table t) {
        String e0 = "clCreateBuffer";
        t.call(e0, "null context", () -> createBuffer(null, CL_MEM_READ_WRITE, BYTES, null), CL_INVALID_CONTEXT);
        t.add(e0, "released context", () -> {
            cl_context c = releasedContext();
            return () -> createBuffer(c, CL_MEM_READ_WRITE, BYTES, null);
        }, CL_INVALID_CONTEXT).skipOnReference(RELEASED);
        t.call(e0, "size 0", () -> createBuffer(context, CL_MEM_READ_WRITE, 0, null), CL_INVALID_BUFFER_SIZE);
        t.call(e0, "size above CL_DEVICE_MAX_MEM_ALLOC_SIZE",
                () -> createBuffer(context, CL_MEM_READ_WRITE, Long.MAX_VALUE, null), CL_INVALID_BUFFER_SIZE);
        t.call(e0, "negative size (huge as size_t)",
                () -> createBuffer(context, CL_MEM_READ_WRITE, -BYTES, null), CL_INVALID_BUFFER_SIZE);
        t.call(e0, "CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY",
                () -> createBuffer(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, BYTES, null), CL_INVALID_VALUE);
        t.call(e0, "CL_MEM_READ_WRITE | CL_MEM_READ_ONLY",
                () -> createBuffer(context, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, BYTES, null), CL_INVALID_VALUE);
        t.call(e0, "CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR", () -> createBuffer(context,
                CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, BYTES, Pointer.to(new byte[BYTES])), CL_INVALID_VALUE);
        t.call(e0, "CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR", () -> createBuffer(context,
                CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, BYTES, Pointer.to(new byte[BYTES])), CL_INVALID_VALUE);
        t.call(e0, "CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS", () -> createBuffer(context,
                CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, BYTES, null), CL_INVALID_VALUE);
        t.call(e0, "CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY", () -> createBuffer(context,
                CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY, BYTES, null), CL_INVALID_VALUE);
        t.call(e0, "unknown flag bits", () -> createBuffer(context, CL_MEM_READ_WRITE | UNKNOWN_BIT, BYTES, null),
                CL_INVALID_VALUE);
        t.call(e0, "host_ptr without a *_HOST_PTR flag",
                () -> createBuffer(context, CL_MEM_READ_WRITE, BYTES, Pointer.to(new byte[BYTES])),
                CL_INVALID_HOST_PTR);
        t.call(e0, "host_ptr with CL_MEM_ALLOC_HOST_PTR only",
                () -> createBuffer(context, CL_MEM_ALLOC_HOST_PTR, BYTES, Pointer.to(new byte[BYTES])),
                CL_INVALID_HOST_PTR);
        t.call(e0, "CL_MEM_USE_HOST_PTR, host_ptr null",
                () -> createBuffer(context, CL_MEM_USE_HOST_PTR, BYTES, null), CL_INVALID_HOST_PTR);
        t.call(e0, "CL_MEM_COPY_HOST_PTR, host_ptr null",
                () -> createBuffer(context, CL_MEM_COPY_HOST_PTR, BYTES, null), CL_INVALID_HOST_PTR);
        // OpenCL names no code for a host pointer shorter than the size; OmniCL says CL_INVALID_HOST_PTR
        t.call(e0, "Pointer holds less than size (CL_MEM_COPY_HOST_PTR)",
                () -> createBuffer(context, CL_MEM_COPY_HOST_PTR, BYTES, Pointer.to(new int[1])),
                CL_INVALID_HOST_PTR, CL_INVALID_VALUE).skipOnReference(SMALL_READ);

        subBuffers(t);

        refRows(t, "clRetainMemObject", "memobj", CL_INVALID_MEM_OBJECT, CL::clRetainMemObject,
                this::releasedBuffer);
        refRows(t, "clReleaseMemObject", "memobj", CL_INVALID_MEM_OBJECT, CL::clReleaseMemObject,
                this::releasedBuffer);
        infoRows(t, "clGetMemObjectInfo", "memobj", CL_INVALID_MEM_OBJECT, this::guarded, this::releasedBuffer,
                CL_MEM_SIZE, (m, param, size, value, ret) -> clGetMemObjectInfo(m, param, size, value, ret));

        String e2 = "clSetMemObjectDestructorCallback";
        t.call(e2, "null memobj", () -> clSetMemObjectDestructorCallback(null, (m, d) -> { }, null),
                CL_INVALID_MEM_OBJECT);
        t.add(e2, "released memobj", () -> {
            cl_mem m = releasedBuffer();
            return () -> clSetMemObjectDestructorCallback(m, (mem, d) -> { }, null);
        }, CL_INVALID_MEM_OBJECT).skipOnReference(RELEASED);
        t.add(e2, "null pfn_notify", () -> {
            cl_mem m = guarded();
            return () -> clSetMemObjectDestructorCallback(m, null, null);
        }, CL_INVALID_VALUE);
    }

    private int createSub(cl_mem parent, long flags, int type, cl_buffer_region region) {
        int[] e = err();
        return status(e, clCreateSubBuffer(parent, flags, type, region, e));
    }

    private void subBuffers(Table t) {
        String e0 = "clCreateSubBuffer";
        String poclFlags = "PoCL checks a sub-buffer's flags only against its parent's, and accepts these";
        t.call(e0, "null buffer", () -> createSub(null, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                new cl_buffer_region(0, align)), CL_INVALID_MEM_OBJECT);
        t.add(e0, "released buffer", () -> {
            cl_mem m = releasedBuffer();
            return () -> createSub(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(0, 4));
        }, CL_INVALID_MEM_OBJECT).skipOnReference(RELEASED);
        t.add(e0, "an image, not a buffer", () -> {
            cl_mem img = image();
            return () -> createSub(img, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(0, 4));
        }, CL_INVALID_MEM_OBJECT).images();
        t.add(e0, "a sub-buffer of a sub-buffer", () -> {
            cl_mem sub = subBuffer(buffer(CL_MEM_READ_WRITE, 4 * align, null), CL_MEM_READ_WRITE, 0, 2 * align);
            return () -> createSub(sub, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(0, align));
        }, CL_INVALID_MEM_OBJECT);
        t.add(e0, "buffer_create_info null", () -> {
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            return () -> createSub(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, null);
        }, CL_INVALID_VALUE).reference("the real JOCL passes a zeroed region for a null one", CL_INVALID_BUFFER_SIZE);
        t.add(e0, "unknown buffer_create_type", () -> {
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            return () -> createSub(m, CL_MEM_READ_WRITE, 0x7777, new cl_buffer_region(0, align));
        }, CL_INVALID_VALUE);
        t.add(e0, "size 0", () -> {
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            return () -> createSub(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(0, 0));
        }, CL_INVALID_BUFFER_SIZE);
        t.add(e0, "origin + size past the end", () -> {
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            return () -> createSub(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(2 * align, 3 * align));
        }, CL_INVALID_VALUE);
        t.add(e0, "origin past the end", () -> {
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            return () -> createSub(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(8 * align, align));
        }, CL_INVALID_VALUE);
        t.add(e0, "origin near Long.MAX_VALUE (origin + size wraps)", () -> {
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            // 2^63 - align is aligned; as a signed sum, origin + 2 * align wraps below zero
            return () -> createSub(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(Long.MIN_VALUE - align, 2 * align));
        }, CL_INVALID_VALUE);
        t.add(e0, "size near Long.MAX_VALUE", () -> {
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            return () -> createSub(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(align, Long.MAX_VALUE));
        }, CL_INVALID_VALUE);
        t.add(e0, "origin not a multiple of CL_DEVICE_MEM_BASE_ADDR_ALIGN", () -> {
            assumeTrue(align > 1, "every origin is aligned");
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            return () -> createSub(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(align / 2, align));
        }, CL_MISALIGNED_SUB_BUFFER_OFFSET);
        t.add(e0, "CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY", () -> {
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            return () -> createSub(m, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(0, align));
        }, CL_INVALID_VALUE).reference(poclFlags, CL_SUCCESS);
        t.add(e0, "unknown flag bits", () -> {
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            return () -> createSub(m, CL_MEM_READ_WRITE | UNKNOWN_BIT, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(0, align));
        }, CL_INVALID_VALUE).reference(poclFlags, CL_SUCCESS);
        t.add(e0, "CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS", () -> {
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            return () -> createSub(m, CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(0, align));
        }, CL_INVALID_VALUE).reference(poclFlags, CL_SUCCESS);
        t.add(e0, "CL_MEM_READ_WRITE of a CL_MEM_READ_ONLY parent", () -> {
            cl_mem m = buffer(CL_MEM_READ_ONLY, 4 * align, null);
            return () -> createSub(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(0, align));
        }, CL_INVALID_VALUE);
        t.add(e0, "CL_MEM_WRITE_ONLY of a CL_MEM_READ_ONLY parent", () -> {
            cl_mem m = buffer(CL_MEM_READ_ONLY, 4 * align, null);
            return () -> createSub(m, CL_MEM_WRITE_ONLY, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(0, align));
        }, CL_INVALID_VALUE);
        t.add(e0, "CL_MEM_READ_ONLY of a CL_MEM_WRITE_ONLY parent", () -> {
            cl_mem m = buffer(CL_MEM_WRITE_ONLY, 4 * align, null);
            return () -> createSub(m, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, new cl_buffer_region(0, align));
        }, CL_INVALID_VALUE);
        t.add(e0, "a *_HOST_PTR flag", () -> {
            cl_mem m = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            return () -> createSub(m, CL_MEM_ALLOC_HOST_PTR, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(0, align));
        }, CL_INVALID_VALUE);
        t.add(e0, "CL_MEM_HOST_READ_ONLY of a CL_MEM_HOST_WRITE_ONLY parent", () -> {
            cl_mem m = buffer(CL_MEM_HOST_WRITE_ONLY, 4 * align, null);
            return () -> createSub(m, CL_MEM_HOST_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(0, align));
        }, CL_INVALID_VALUE);
        t.add(e0, "CL_MEM_HOST_WRITE_ONLY of a CL_MEM_HOST_NO_ACCESS parent", () -> {
            cl_mem m = buffer(CL_MEM_HOST_NO_ACCESS, 4 * align, null);
            return () -> createSub(m, CL_MEM_HOST_WRITE_ONLY, CL_BUFFER_CREATE_TYPE_REGION,
                    new cl_buffer_region(0, align));
        }, CL_INVALID_VALUE);
    }
}
