package io.omnicl.conformance;

import static org.jocl.CL.*;

import java.nio.ByteBuffer;

import org.jocl.cl_command_queue;
import org.jocl.cl_mem;

/**
 * Bad input (see {@link BadInputTestBase}) to mapping buffers and images, unmapping, and migrating
 * memory objects.
 */
class BadInputMapTest extends BadInputTestBase {

    private static final String JOCL_MAP_IMAGE = "the reference accepts this map, and JOCL 2.0.5 sizes a mapped image's "
            + "ByteBuffer from uninitialised memory (IllegalArgumentException or a wrong capacity, at random)";

    @Override
    protected void addRows(Table t) {
        maps(t);
    }

    private int mapBuffer(cl_mem m, long flags, long offset, long size) {
        int[] e = err();
        return mapStatus(e, queue, m, clEnqueueMapBuffer(queue, m, CL_TRUE, flags, offset, size, 0, null, null, e));
    }

    private int mapImage(cl_mem img, long flags, long[] origin, long[] region, long[] rowPitch, long[] slicePitch) {
        int[] e = err();
        return mapStatus(e, queue, img, clEnqueueMapImage(queue, img, CL_TRUE, flags, origin, region, rowPitch,
                slicePitch, 0, null, null, e));
    }

    private void maps(Table t) {
        String mb = "clEnqueueMapBuffer";
        enqueueRows(t, mb, () -> {
            cl_mem m = guarded();
            return (q, n, list) -> {
                int[] e = err();
                return mapStatus(e, q, m, clEnqueueMapBuffer(q, m, CL_TRUE, CL_MAP_READ, 0, BYTES, n, list, null, e));
            };
        });
        memRows(t, mb, "buffer", m -> mapBuffer(m, CL_MAP_READ, 0, BYTES));
        rangeRows(t, mb, (m, offset, size) -> mapBuffer(m, CL_MAP_READ, offset, size));
        t.add(mb, "size 0", () -> {
            cl_mem m = guarded();
            return () -> mapBuffer(m, CL_MAP_READ, 0, 0);
        }, CL_INVALID_VALUE);
        String poclMapFlags = "PoCL does not check map_flags";
        t.add(mb, "unknown map_flags bits", () -> {
            cl_mem m = guarded();
            return () -> mapBuffer(m, CL_MAP_READ | UNKNOWN_BIT, 0, BYTES);
        }, CL_INVALID_VALUE).reference(poclMapFlags, CL_SUCCESS);
        t.add(mb, "CL_MAP_WRITE_INVALIDATE_REGION | CL_MAP_READ", () -> {
            cl_mem m = guarded();
            return () -> mapBuffer(m, CL_MAP_WRITE_INVALIDATE_REGION | CL_MAP_READ, 0, BYTES);
        }, CL_INVALID_VALUE).reference(poclMapFlags, CL_SUCCESS);
        t.add(mb, "CL_MAP_READ of a CL_MEM_HOST_WRITE_ONLY buffer", () -> {
            cl_mem m = guarded(CL_MEM_HOST_WRITE_ONLY);
            return () -> mapBuffer(m, CL_MAP_READ, 0, BYTES);
        }, CL_INVALID_OPERATION);
        t.add(mb, "CL_MAP_WRITE of a CL_MEM_HOST_READ_ONLY buffer", () -> {
            cl_mem m = guarded(CL_MEM_HOST_READ_ONLY);
            return () -> mapBuffer(m, CL_MAP_WRITE, 0, BYTES);
        }, CL_INVALID_OPERATION);

        String mi = "clEnqueueMapImage";
        needImages(enqueueRows(t, mi, () -> {
            cl_mem img = image();
            return (q, n, list) -> {
                int[] e = err();
                return mapStatus(e, q, img, clEnqueueMapImage(q, img, CL_TRUE, CL_MAP_READ, ORIGIN, WHOLE,
                        new long[1], new long[1], n, list, null, e));
            };
        }));
        imageRows(t, mi, "image", m -> mapImage(m, CL_MAP_READ, ORIGIN, WHOLE, new long[1], new long[1]));
        boxRows(t, mi, "", box -> mapImage(image(), CL_MAP_READ, box[0], box[1], new long[1], new long[1]));
        t.add(mi, "unknown map_flags bits", () -> {
            cl_mem img = image();
            return () -> mapImage(img, CL_MAP_READ | UNKNOWN_BIT, ORIGIN, WHOLE, new long[1], new long[1]);
        }, CL_INVALID_VALUE).images().skipOnReference(JOCL_MAP_IMAGE);
        t.add(mi, "image_row_pitch null", () -> {
            cl_mem img = image();
            return () -> mapImage(img, CL_MAP_READ, ORIGIN, WHOLE, null, new long[1]);
        }, CL_INVALID_VALUE).images().skipOnReference(JOCL_MAP_IMAGE); // JOCL passes a pitch variable of its own
        t.add(mi, "image_slice_pitch null for a 3D image", () -> {
            cl_mem img = image3d();
            return () -> mapImage(img, CL_MAP_READ, ORIGIN, new long[] {SIDE, SIDE, 2}, new long[1], null);
        }, CL_INVALID_VALUE).images().skipOnReference(JOCL_MAP_IMAGE); // JOCL passes a pitch variable of its own

        String um = "clEnqueueUnmapMemObject";
        enqueueRows(t, um, () -> {
            cl_mem m = guarded();
            ByteBuffer mapped = mappedForUnmap(m);
            return (q, n, list) -> clEnqueueUnmapMemObject(q, m, mapped, n, list, null);
        });
        t.add(um, "null memobj", () -> {
            ByteBuffer mapped = mappedForUnmap(guarded());
            return () -> clEnqueueUnmapMemObject(queue, null, mapped, 0, null, null);
        }, CL_INVALID_MEM_OBJECT);
        t.add(um, "released memobj", () -> {
            ByteBuffer mapped = mappedForUnmap(guarded());
            cl_mem m = releasedBuffer();
            return () -> clEnqueueUnmapMemObject(queue, m, mapped, 0, null, null);
        }, CL_INVALID_MEM_OBJECT).skipOnReference(RELEASED);
        t.add(um, "memobj of another context", () -> {
            ByteBuffer mapped = mappedForUnmap(guarded());
            cl_mem m = foreignBuffer();
            return () -> clEnqueueUnmapMemObject(queue, m, mapped, 0, null, null);
        }, CL_INVALID_CONTEXT);
        t.add(um, "mapped_ptr null", () -> {
            cl_mem m = guarded();
            mappedForUnmap(m);
            return () -> clEnqueueUnmapMemObject(queue, m, null, 0, null, null);
        }, CL_INVALID_VALUE);
        t.add(um, "a pointer that was never mapped", () -> {
            cl_mem m = guarded();
            mappedForUnmap(m);
            ByteBuffer never = direct(BYTES);
            return () -> clEnqueueUnmapMemObject(queue, m, never, 0, null, null);
        }, CL_INVALID_VALUE);
        t.add(um, "the mapping of another buffer", () -> {
            cl_mem m = guarded();
            ByteBuffer mapped = mappedForUnmap(guarded());
            return () -> clEnqueueUnmapMemObject(queue, m, mapped, 0, null, null);
        }, CL_INVALID_VALUE);

        String mg = "clEnqueueMigrateMemObjects";
        enqueueRows(t, mg, () -> {
            cl_mem m = guarded();
            return (q, n, list) -> clEnqueueMigrateMemObjects(q, 1, new cl_mem[] {m}, 0, n, list, null);
        });
        t.add(mg, "num_mem_objects 0", () -> {
            cl_mem m = guarded();
            return () -> clEnqueueMigrateMemObjects(queue, 0, new cl_mem[] {m}, 0, 0, null, null);
        }, CL_INVALID_VALUE);
        t.call(mg, "mem_objects null", () -> clEnqueueMigrateMemObjects(queue, 1, null, 0, 0, null, null),
                CL_INVALID_VALUE);
        t.call(mg, "null memory object in the list",
                () -> clEnqueueMigrateMemObjects(queue, 1, new cl_mem[] {null}, 0, 0, null, null),
                CL_INVALID_MEM_OBJECT).referenceThrows(NullPointerException.class, JOCL_NPE);
        t.add(mg, "released memory object", () -> {
            cl_mem m = releasedBuffer();
            return () -> clEnqueueMigrateMemObjects(queue, 1, new cl_mem[] {m}, 0, 0, null, null);
        }, CL_INVALID_MEM_OBJECT).skipOnReference(RELEASED);
        t.add(mg, "memory object of another context", () -> {
            cl_mem m = foreignBuffer();
            return () -> clEnqueueMigrateMemObjects(queue, 1, new cl_mem[] {m}, 0, 0, null, null);
        }, CL_INVALID_CONTEXT);
        t.add(mg, "unknown flags bits", () -> {
            cl_mem m = guarded();
            return () -> clEnqueueMigrateMemObjects(queue, 1, new cl_mem[] {m}, UNKNOWN_BIT, 0, null, null);
        }, CL_INVALID_VALUE);
    }

    /** A mapping of the whole buffer that the row leaves open: unmapped after the test. */
    private ByteBuffer mappedForUnmap(cl_mem m) {
        int[] e = err();
        ByteBuffer mapped = clEnqueueMapBuffer(queue, m, CL_TRUE, CL_MAP_READ, 0, BYTES, 0, null, null, e);
        ok(e[0], "clEnqueueMapBuffer");
        cleanups.add(() -> {
            ok(clEnqueueUnmapMemObject(queue, m, mapped, 0, null, null), "unmap");
            finish(queue);
        });
        return mapped;
    }

    /** A mapping made by a row that should have failed: unmapped after the test. */
    private int mapStatus(int[] e, cl_command_queue q, cl_mem m, ByteBuffer mapped) {
        if (mapped != null && e[0] == CL_SUCCESS) {
            cleanups.add(() -> {
                ok(clEnqueueUnmapMemObject(q, m, mapped, 0, null, null), "unmap");
                finish(q);
            });
        }
        return e[0];
    }

    /** A 3D image (SIDE x SIDE x 2), not checked. */
    private cl_mem image3d() {
        int[] e = err();
        cl_mem img = clCreateImage(context, CL_MEM_READ_WRITE, rgba8(), desc(CL_MEM_OBJECT_IMAGE3D, SIDE, SIDE, 2),
                null, e);
        ok(e[0], "clCreateImage(3D)");
        return track(img);
    }
}
