package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_buffer_region;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_device_partition_property;
import org.jocl.cl_event;
import org.jocl.cl_image_desc;
import org.jocl.cl_image_format;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;
import org.jocl.cl_queue_properties;
import org.jocl.cl_sampler;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input, table-driven: every OpenCL 1.2 entry point of {@code org.jocl.CL} given each class of invalid
 * argument that applies to it (null, released and wrong-kind handles; handles and events of another context;
 * sizes and offsets out of range or wrapping; misaligned or nested sub-buffers; contradictory and unknown
 * flags; inconsistent wait lists; Pointers that hold less than the size given; unset, misnumbered or
 * missized kernel arguments; bad work sizes). Each row names the entry point, the class of argument, the
 * call, and the code (or the codes) OpenCL 1.2 allows; the call runs with exceptions disabled and, for the
 * first row of each entry point, again with exceptions enabled. After a failed enqueue, the memory it
 * targeted (buffer, image or host array) is read back and must be unchanged.
 *
 * <p>The table has 695 rows over 85 entry points and 279 classes of argument; {@link #printMatrix} prints
 * the counts. Where the reference (the real JOCL over PoCL 3.1) answers differently from OpenCL 1.2, the row
 * says so and accepts the reference's answer on the reference only; where the real JOCL would crash the JVM
 * (a released handle is a dangling pointer; a Pointer smaller than the size lets the driver write past a
 * Java array), the row runs on OmniCL only.
 */
@SuppressWarnings("deprecation") // OpenCL 1.2 entry points that JOCL marks deprecated for 2.0
class BadInputTest extends ClTestBase {

    private static final int N = 64;
    private static final int BYTES = N * Sizeof.cl_int;
    /** An info param_name no version of OpenCL defines. */
    private static final int UNKNOWN_PARAM = 0x7A5A;
    /** A bit no version of OpenCL defines in cl_mem_flags, cl_map_flags or queue properties. */
    private static final long UNKNOWN_BIT = 1L << 40;
    private static final int SIDE = 8;
    private static final int PIXEL = 4;
    private static final int IMAGE_BYTES = SIDE * SIDE * PIXEL;
    private static final long[] ORIGIN = {0, 0, 0};
    private static final long[] WHOLE = {SIDE, SIDE, 1};

    private static final String RELEASED = "a released handle is a dangling pointer for the real JOCL and the driver";
    private static final String SMALL = "the real JOCL passes the Java array itself: the driver would write past it";
    private static final String SMALL_READ = "the real JOCL passes the Java array itself: the driver would read past it";
    private static final String JOCL_NPE = "the real JOCL throws NullPointerException for a null in a handle array";
    private static final String JOCL_USER_DATA =
            "the real JOCL hands user_data to OpenCL only with a callback of its own: the call succeeds";
    private static final String POCL_NULL_ARRAY = "PoCL dereferences the null array: SIGSEGV";
    private static final String POCL_NULL_MEM =
            "PoCL reads the context of the null memory object before it checks the object: SIGSEGV";
    private static final String POCL_NULL_QUEUE =
            "PoCL reads the context of the null command queue before it checks the queue: SIGSEGV";
    private static final String JOCL_COUNT =
            "the real JOCL passes a count variable of its own for a null count array: the call succeeds";
    private static final String POCL_SUBDEVICE = "with a single PoCL device the device outside the context is a "
            + "sub-device of the context's device, which PoCL accepts in its parent's place";
    private static final String POCL_PITCH = "PoCL does not check the host row pitch of an image transfer";
    private static final String POCL_DEPTH =
            "PoCL checks region[2] of a 2D image only in image-to-image copies";
    private static final String JOCL_MAP_IMAGE = "the reference accepts this map, and JOCL 2.0.5 sizes a mapped image's "
            + "ByteBuffer from uninitialised memory (IllegalArgumentException or a wrong capacity, at random)";
    private static final String JOCL_NULL_ELEMENT =
            "the real JOCL passes an uninitialised pointer for a null element of this handle array: the driver crashes";

    static final String SOURCE = ""
            + "kernel void fill(global int* a, int v) { a[get_global_id(0)] = v; }\n"
            + "kernel void scratch(global int* a, local int* l) {\n"
            + "  l[get_local_id(0)] = 1; barrier(CLK_LOCAL_MEM_FENCE); a[get_global_id(0)] = l[0];\n"
            + "}\n"
            + "kernel __attribute__((reqd_work_group_size(2, 1, 1))) void pairs(global int* a) {\n"
            + "  a[get_global_id(0)] = 5;\n"
            + "}\n";
    static final String IMAGE_SOURCE = ""
            + "kernel void sample(read_only image2d_t img, sampler_t s, global uint4* out) {\n"
            + "  out[0] = read_imageui(img, s, (int2)(0, 0));\n"
            + "}\n";

    private cl_program program;
    private cl_program imageProgram;
    private cl_program compiled;
    private cl_context other;
    private cl_command_queue otherQueue;
    private cl_program otherProgram;
    private cl_command_queue profilingQueue;
    private long align;
    private int seed;

    /** Checks that the failed call left its targets unchanged. */
    private final List<Runnable> checks = new ArrayList<>();
    /** Undoes what a row set up and the test base does not release (mappings, pending user events). */
    private final List<Runnable> cleanups = new ArrayList<>();

    @BeforeAll
    void fixtures() {
        // program() releases what it builds after the class when called here
        program = program(SOURCE, "-cl-kernel-arg-info");
        if (imageSupport()) {
            imageProgram = program(IMAGE_SOURCE, null);
        }
        other = keep(createContext(device));
        otherQueue = keep(createQueue(other, device, 0));
        otherProgram = program(other, device, SOURCE, null);
        profilingQueue = keep(createQueue(context, device, CL_QUEUE_PROFILING_ENABLE));
        int[] e = err();
        compiled = keep(clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, e));
        ok(e[0], "clCreateProgramWithSource");
        ok(clCompileProgram(compiled, 1, new cl_device_id[] {device}, null, 0, null, null, null, null),
                "clCompileProgram");
        align = baseAlignBytes(device);
    }

    @AfterEach
    void undo() {
        checks.clear();
        List<Runnable> pending = new ArrayList<>(cleanups);
        cleanups.clear();
        pending.forEach(Runnable::run);
    }

    // ---- running a row ---------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void rejects(BadInputRow row) {
        try {
            check(row);
        } catch (org.opentest4j.TestAbortedException e) {
            throw e;
        } catch (AssertionError | RuntimeException e) {
            throw new AssertionError(row + ": " + e.getMessage(), e);
        }
    }

    private void check(BadInputRow row) {
        boolean reference = !Target.isOmniCL();
        if (reference) {
            assumeTrue(row.referenceSkip == null, () -> "not on the reference: " + row.referenceSkip);
        }
        if (row.images) {
            assumeTrue(imageSupport(), "the device has no image support");
        }
        Set<Integer> allowed = row.allowed(reference);
        BadInputRow.Call call = row.arrange.arrange();
        if (reference && row.referenceThrows != null) {
            assertThrows(row.referenceThrows, call::run, row.referenceWhy);
        } else {
            int rc = call.run();
            if (!allowed.contains(rc)) {
                fail("expected " + BadInputRow.names(allowed) + " but was " + name(rc));
            }
            if (rc == CL_SUCCESS) {
                // a documented deviation of the reference: the call was accepted and did its work
                checks.clear();
                finish(queue);
            }
        }
        verifyUnchanged();
        if (row.exceptions) {
            BadInputRow.Call again = row.arrange.arrange();
            CL.setExceptionsEnabled(true);
            CLException e;
            try {
                e = assertThrows(CLException.class, again::run, "with exceptions enabled");
            } finally {
                CL.setExceptionsEnabled(false);
            }
            if (!row.codes.contains(e.getStatus())) {
                fail("with exceptions enabled: expected " + BadInputRow.names(row.codes) + " but the "
                        + "CLException carries " + name(e.getStatus()));
            }
            verifyUnchanged();
        }
    }

    private void verifyUnchanged() {
        List<Runnable> now = new ArrayList<>(checks);
        checks.clear();
        now.forEach(Runnable::run);
    }

    private static String name(int code) {
        return code == CL_SUCCESS ? "CL_SUCCESS" : stringFor_errorCode(code);
    }

    @AfterAll
    void printMatrix() {
        List<BadInputRow> rows = table();
        Set<String> entries = new LinkedHashSet<>();
        Set<String> kinds = new LinkedHashSet<>();
        long omniOnly = 0;
        long deviations = 0;
        for (BadInputRow r : rows) {
            entries.add(r.entry);
            kinds.add(r.kind);
            omniOnly += r.referenceSkip != null ? 1 : 0;
            deviations += r.referenceCodes != null || r.referenceThrows != null ? 1 : 0;
        }
        System.out.println("BadInputTest matrix: " + rows.size() + " rows = " + entries.size()
                + " entry points x their invalid-argument classes (" + kinds.size() + " distinct classes); "
                + omniOnly + " rows OmniCL-only, " + deviations + " rows with a documented reference deviation, "
                + rows.stream().filter(r -> r.exceptions).count() + " rows also run with exceptions enabled");
    }

    // ---- fixtures ----------------------------------------------------------------------------------------

    /** A buffer of BYTES recognisable bytes, checked after the call. */
    private cl_mem guarded() {
        return guarded(CL_MEM_READ_WRITE);
    }

    private cl_mem guarded(long flags) {
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
    private byte[] host(int n) {
        byte[] content = bytes(n, 100 + ++seed);
        byte[] expected = content.clone();
        checks.add(() -> assertArrayEquals(expected, content, "the failed call wrote to host memory"));
        return content;
    }

    private static cl_image_format format(int order, int type) {
        cl_image_format f = new cl_image_format();
        f.image_channel_order = order;
        f.image_channel_data_type = type;
        return f;
    }

    private static cl_image_format rgba8() {
        return format(CL_RGBA, CL_UNSIGNED_INT8);
    }

    private static cl_image_desc desc(int type, long width, long height, long depth) {
        cl_image_desc d = new cl_image_desc();
        d.image_type = type;
        d.image_width = width;
        d.image_height = height;
        d.image_depth = depth;
        return d;
    }

    private static cl_image_desc desc2d() {
        return desc(CL_MEM_OBJECT_IMAGE2D, SIDE, SIDE, 0);
    }

    /** A SIDE x SIDE RGBA / UNSIGNED_INT8 image of recognisable pixels, checked after the call. */
    private cl_mem image() {
        return image(CL_MEM_READ_WRITE, rgba8());
    }

    private cl_mem image(long flags, cl_image_format format) {
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

    /** A 3D image (SIDE x SIDE x 2), not checked. */
    private cl_mem image3d() {
        int[] e = err();
        cl_mem img = clCreateImage(context, CL_MEM_READ_WRITE, rgba8(), desc(CL_MEM_OBJECT_IMAGE3D, SIDE, SIDE, 2),
                null, e);
        ok(e[0], "clCreateImage(3D)");
        return track(img);
    }

    private cl_mem foreignBuffer() {
        int[] e = err();
        cl_mem m = clCreateBuffer(other, CL_MEM_READ_WRITE, BYTES, null, e);
        ok(e[0], "clCreateBuffer in the other context");
        return track(m);
    }

    private cl_mem foreignImage() {
        int[] e = err();
        cl_mem m = clCreateImage(other, CL_MEM_READ_WRITE, rgba8(), desc2d(), null, e);
        ok(e[0], "clCreateImage in the other context");
        return track(m);
    }

    /** A completed user event of the class context. */
    private cl_event done() {
        cl_event u = userEvent();
        ok(clSetUserEventStatus(u, CL_COMPLETE), "complete");
        return u;
    }

    /** A completed user event of the other context. */
    private cl_event foreignDone() {
        cl_event u = userEvent(other);
        ok(clSetUserEventStatus(u, CL_COMPLETE), "complete");
        return u;
    }

    /** A user event left pending by the row, completed afterwards. */
    private cl_event pendingUserEvent() {
        cl_event u = userEvent();
        cleanups.add(() -> clSetUserEventStatus(u, CL_COMPLETE));
        return u;
    }

    /** The completed event of a marker on the given queue. */
    private cl_event markerEvent(cl_command_queue q) {
        cl_event ev = track(newEvent());
        ok(clEnqueueMarkerWithWaitList(q, 0, null, ev), "marker");
        waitFor(ev);
        return ev;
    }

    private cl_kernel kernelOf(cl_program p, String name) {
        return kernel(p, name);
    }

    /** The fill kernel with both arguments set, writing to a checked buffer. */
    private cl_kernel fillKernel() {
        cl_kernel k = kernel(program, "fill");
        argMem(k, 0, guarded());
        argInt(k, 1, 77);
        return k;
    }

    private cl_program sourceProgram() {
        int[] e = err();
        cl_program p = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, e);
        ok(e[0], "clCreateProgramWithSource");
        return track(p);
    }

    private cl_program builtProgram() {
        return program(SOURCE, null);
    }

    private byte[] binary() {
        long[] sizes = new long[1];
        ok(clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, Sizeof.size_t, Pointer.to(sizes), null), "sizes");
        byte[] binary = new byte[(int) sizes[0]];
        ok(clGetProgramInfo(program, CL_PROGRAM_BINARIES, Sizeof.POINTER, Pointer.to(Pointer.to(binary)), null),
                "binaries");
        return binary;
    }

    private cl_program binaryProgram() {
        byte[] b = binary();
        int[] e = err();
        cl_program p = clCreateProgramWithBinary(context, 1, new cl_device_id[] {device}, new long[] {b.length},
                new byte[][] {b}, null, e);
        ok(e[0], "clCreateProgramWithBinary");
        return track(p);
    }

    /** A device not in the class context: another device of the platform, or a sub-device of this one. */
    private cl_device_id foreignDevice() {
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

    private static cl_device_partition_property partition(long... entries) {
        cl_device_partition_property p = new cl_device_partition_property();
        for (int i = 0; i + 1 < entries.length; i += 2) {
            p.addProperty(entries[i], entries[i + 1]);
        }
        return p;
    }

    private cl_context_properties props(long... extra) {
        cl_context_properties p = platformProperties();
        for (int i = 0; i + 1 < extra.length; i += 2) {
            p.addProperty(extra[i], extra[i + 1]);
        }
        return p;
    }

    private static cl_queue_properties queueProps(long... entries) {
        cl_queue_properties p = new cl_queue_properties();
        for (int i = 0; i + 1 < entries.length; i += 2) {
            p.addProperty(entries[i], entries[i + 1]);
        }
        return p;
    }

    // ---- released handles (OmniCL only) ---------------------------------------------------------------------

    private cl_context releasedContext() {
        cl_context c = createContext(device);
        ok(clReleaseContext(c), "release");
        return c;
    }

    private cl_command_queue releasedQueue() {
        cl_command_queue q = createQueue(context, device, 0);
        ok(clReleaseCommandQueue(q), "release");
        return q;
    }

    private cl_mem releasedBuffer() {
        int[] e = err();
        cl_mem m = clCreateBuffer(context, CL_MEM_READ_WRITE, BYTES, null, e);
        ok(e[0], "clCreateBuffer");
        ok(clReleaseMemObject(m), "release");
        return m;
    }

    private cl_mem releasedImage() {
        int[] e = err();
        cl_mem m = clCreateImage(context, CL_MEM_READ_WRITE, rgba8(), desc2d(), null, e);
        ok(e[0], "clCreateImage");
        ok(clReleaseMemObject(m), "release");
        return m;
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

    private cl_program releasedProgram() {
        int[] e = err();
        cl_program p = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, e);
        ok(e[0], "clCreateProgramWithSource");
        ok(clReleaseProgram(p), "release");
        return p;
    }

    private cl_kernel releasedKernel() {
        int[] e = err();
        cl_kernel k = clCreateKernel(program, "fill", e);
        ok(e[0], "clCreateKernel");
        ok(clReleaseKernel(k), "release");
        return k;
    }

    private cl_event releasedEvent() {
        int[] e = err();
        cl_event u = clCreateUserEvent(context, e);
        ok(e[0], "clCreateUserEvent");
        ok(clSetUserEventStatus(u, CL_COMPLETE), "complete");
        ok(clReleaseEvent(u), "release");
        return u;
    }

    // ---- row generators ------------------------------------------------------------------------------------

    /** The table under construction. */
    private final class Table {
        final List<BadInputRow> rows = new ArrayList<>();

        BadInputRow add(String entry, String kind, BadInputRow.Arrange arrange, int... codes) {
            BadInputRow r = new BadInputRow(entry, kind, arrange, codes);
            if (entry.contains("Image") && !entry.equals("clGetSupportedImageFormats")) {
                r.images(); // every image entry point works on images (or makes them)
            }
            rows.add(r);
            return r;
        }

        /** A call that needs no setup. */
        BadInputRow call(String entry, String kind, BadInputRow.Call call, int... codes) {
            return add(entry, kind, () -> call, codes);
        }
    }

    /** A clGet*Info call on one handle. */
    @FunctionalInterface
    interface InfoCall<H> {
        int get(H handle, int param, long size, Pointer value, long[] sizeRet);
    }

    /**
     * The rows every info query has: a null and a released handle (where {@code released} is given), an unknown
     * param_name, a param_value_size below the value's size, and a Pointer that holds less than the size given.
     * {@code param} names a value of at least 4 bytes.
     */
    private <H> List<BadInputRow> infoRows(Table t, String entry, String handle, int invalid, Supplier<H> valid,
                                           Supplier<H> released, int param, InfoCall<H> call) {
        List<BadInputRow> made = new ArrayList<>();
        if (invalid != 0) {
            made.add(t.call(entry, "null " + handle, () -> call.get(null, param, 0, null, new long[1]), invalid));
        }
        if (released != null) {
            made.add(t.add(entry, "released " + handle, () -> {
                H h = released.get();
                return () -> call.get(h, param, 0, null, new long[1]);
            }, invalid).skipOnReference(RELEASED));
        }
        made.add(t.add(entry, "unknown param_name", () -> {
            H h = valid.get();
            return () -> call.get(h, UNKNOWN_PARAM, 64, Pointer.to(new byte[64]), null);
        }, CL_INVALID_VALUE));
        made.add(t.add(entry, "param_value_size below the value's size", () -> {
            H h = valid.get();
            byte[] one = host(1);
            return () -> call.get(h, param, 1, Pointer.to(one), null);
        }, CL_INVALID_VALUE));
        made.add(t.add(entry, "Pointer holds less than param_value_size", () -> {
            H h = valid.get();
            byte[] two = host(2);
            return () -> call.get(h, param, 64, Pointer.to(two), null);
        }, CL_INVALID_VALUE).skipOnReference(SMALL));
        return made;
    }

    /** Retain or release: a null handle, and a released one (for a release, a second release). */
    private <H> void refRows(Table t, String entry, String handle, int invalid, Function<H, Integer> call,
                             Supplier<H> released) {
        t.call(entry, "null " + handle, () -> call.apply(null), invalid);
        if (released != null) {
            String kind = entry.startsWith("clRelease") ? "released " + handle + " (a second release)"
                    : "released " + handle;
            t.add(entry, kind, () -> {
                H h = released.get();
                return () -> call.apply(h);
            }, invalid).skipOnReference(RELEASED);
        }
    }

    /** An enqueue with every argument but the queue and the wait list fixed (and valid). */
    @FunctionalInterface
    interface Enqueue {
        int run(cl_command_queue q, int count, cl_event[] waitList);
    }

    @FunctionalInterface
    interface EnqueueSetup {
        Enqueue arrange();
    }

    /**
     * The rows every enqueue with a wait list has: a null and a released queue, then the wait list: a count
     * with no list, a list with count 0, a null entry, an event of another context, a released event.
     */
    private List<BadInputRow> enqueueRows(Table t, String entry, EnqueueSetup setup) {
        List<BadInputRow> made = new ArrayList<>();
        made.add(t.add(entry, "null command_queue", () -> {
            Enqueue e = setup.arrange();
            return () -> e.run(null, 0, null);
        }, CL_INVALID_COMMAND_QUEUE));
        made.add(t.add(entry, "released command_queue", () -> {
            Enqueue e = setup.arrange();
            cl_command_queue q = releasedQueue();
            return () -> e.run(q, 0, null);
        }, CL_INVALID_COMMAND_QUEUE).skipOnReference(RELEASED));
        made.add(t.add(entry, "wait list: count > 0, list null", () -> {
            Enqueue e = setup.arrange();
            return () -> e.run(queue, 1, null);
        }, CL_INVALID_EVENT_WAIT_LIST));
        made.add(t.add(entry, "wait list: list given, count 0", () -> {
            Enqueue e = setup.arrange();
            cl_event[] list = {done()};
            return () -> e.run(queue, 0, list);
        }, CL_INVALID_EVENT_WAIT_LIST));
        made.add(t.add(entry, "wait list: null entry", () -> {
            Enqueue e = setup.arrange();
            return () -> e.run(queue, 1, new cl_event[] {null});
        }, CL_INVALID_EVENT_WAIT_LIST).referenceThrows(NullPointerException.class, JOCL_NPE));
        made.add(t.add(entry, "wait list: event of another context", () -> {
            Enqueue e = setup.arrange();
            cl_event[] list = {foreignDone()};
            return () -> e.run(queue, 1, list);
        }, CL_INVALID_CONTEXT));
        made.add(t.add(entry, "wait list: released event", () -> {
            Enqueue e = setup.arrange();
            cl_event[] list = {releasedEvent()};
            return () -> e.run(queue, 1, list);
        }, CL_INVALID_EVENT_WAIT_LIST).skipOnReference(RELEASED));
        return made;
    }

    private static List<BadInputRow> needImages(List<BadInputRow> rows) {
        rows.forEach(BadInputRow::images);
        return rows;
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

    // ---- the table -------------------------------------------------------------------------------------------

    List<BadInputRow> table() {
        Table t = new Table();
        platformsAndDevices(t);
        contexts(t);
        queues(t);
        buffers(t);
        imageObjects(t);
        samplers(t);
        programs(t);
        kernels(t);
        events(t);
        transfers(t);
        imageTransfers(t);
        maps(t);
        kernelLaunches(t);
        markersAndBarriers(t);
        // the first row of each entry point that the reference answers as specified runs with exceptions too
        Map<String, BadInputRow> first = new LinkedHashMap<>();
        for (BadInputRow r : t.rows) {
            if (r.referenceFollowsSpec()) {
                first.putIfAbsent(r.entry, r);
            }
        }
        first.values().forEach(r -> r.exceptions = true);
        // -Dbadinput.only=TEXT keeps the rows whose name contains TEXT (for looking at a few)
        String only = System.getProperty("badinput.only", "");
        t.rows.removeIf(r -> !r.toString().contains(only));
        return t.rows;
    }

    private void platformsAndDevices(Table t) {
        t.call("clGetPlatformIDs", "num_entries 0 with a platforms array",
                () -> clGetPlatformIDs(0, new cl_platform_id[1], new int[1]), CL_INVALID_VALUE);
        t.call("clGetPlatformIDs", "platforms and num_platforms both null",
                () -> clGetPlatformIDs(0, null, null), CL_INVALID_VALUE).reference(JOCL_COUNT, CL_SUCCESS);

        // a null platform is implementation-defined (OpenCL 1.2, 4.1): no row
        infoRows(t, "clGetPlatformInfo", "platform", 0, () -> platform, null, CL_PLATFORM_NAME,
                (p, param, size, value, ret) -> clGetPlatformInfo(p, param, size, value, ret));

        String poclType = "PoCL counts the devices of that type, finds none: CL_DEVICE_NOT_FOUND";
        t.call("clGetDeviceIDs", "unknown device_type bits",
                () -> clGetDeviceIDs(platform, UNKNOWN_BIT, 1, new cl_device_id[1], null),
                CL_INVALID_DEVICE_TYPE).reference(poclType, CL_DEVICE_NOT_FOUND);
        t.call("clGetDeviceIDs", "device_type 0",
                () -> clGetDeviceIDs(platform, 0, 1, new cl_device_id[1], null),
                CL_INVALID_DEVICE_TYPE).reference(poclType, CL_DEVICE_NOT_FOUND);
        t.call("clGetDeviceIDs", "num_entries 0 with a devices array",
                () -> clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, new cl_device_id[1], new int[1]),
                CL_INVALID_VALUE);
        t.call("clGetDeviceIDs", "devices and num_devices both null",
                () -> clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, null), CL_INVALID_VALUE)
                .reference(JOCL_COUNT, CL_SUCCESS);

        // root devices are not reference counted: no released device
        infoRows(t, "clGetDeviceInfo", "device", CL_INVALID_DEVICE, () -> device, null, CL_DEVICE_NAME,
                (d, param, size, value, ret) -> clGetDeviceInfo(d, param, size, value, ret));

        t.call("clCreateSubDevices", "null device",
                () -> clCreateSubDevices(null, partition(CL_DEVICE_PARTITION_EQUALLY, 1, 0, 0), 0, null, new int[1]),
                CL_INVALID_DEVICE);
        t.call("clCreateSubDevices", "null properties",
                () -> clCreateSubDevices(device, null, 0, null, new int[1]), CL_INVALID_VALUE);
        t.call("clCreateSubDevices", "num_devices > 0, out_devices null",
                () -> clCreateSubDevices(device, partition(CL_DEVICE_PARTITION_EQUALLY, 1, 0, 0), 1, null, null),
                CL_INVALID_VALUE);
        t.call("clCreateSubDevices", "unknown partition property",
                () -> clCreateSubDevices(device, partition(0x7777, 1, 0, 0), 0, null, new int[1]), CL_INVALID_VALUE);
        t.call("clCreateSubDevices", "partition equally into 0 compute units",
                () -> clCreateSubDevices(device, partition(CL_DEVICE_PARTITION_EQUALLY, 0, 0, 0), 0, null,
                        new int[1]), CL_INVALID_VALUE);

        refRows(t, "clRetainDevice", "device", CL_INVALID_DEVICE, CL::clRetainDevice, null);
        refRows(t, "clReleaseDevice", "device", CL_INVALID_DEVICE, CL::clReleaseDevice, null);
    }

    private void contexts(Table t) {
        String e0 = "clCreateContext";
        t.call(e0, "devices null", () -> {
            int[] e = err();
            return status(e, clCreateContext(platformProperties(), 1, null, null, null, e));
        }, CL_INVALID_VALUE);
        t.call(e0, "num_devices 0 with a devices array", () -> {
            int[] e = err();
            return status(e, clCreateContext(platformProperties(), 0, new cl_device_id[] {device}, null, null, e));
        }, CL_INVALID_VALUE);
        t.call(e0, "null device in the list", () -> {
            int[] e = err();
            return status(e, clCreateContext(platformProperties(), 1, new cl_device_id[] {null}, null, null, e));
        }, CL_INVALID_DEVICE).skipOnReference(JOCL_NULL_ELEMENT);
        t.call(e0, "user_data without pfn_notify", () -> {
            int[] e = err();
            return status(e, clCreateContext(platformProperties(), 1, new cl_device_id[] {device}, null, "data", e));
        }, CL_INVALID_VALUE).reference(JOCL_USER_DATA, CL_SUCCESS);
        t.call(e0, "unknown property", () -> {
            int[] e = err();
            return status(e, clCreateContext(props(0x7777, 1), 1, new cl_device_id[] {device}, null, null, e));
        }, CL_INVALID_PROPERTY);
        t.call(e0, "CL_CONTEXT_PLATFORM given twice", () -> {
            int[] e = err();
            cl_context_properties p = platformProperties();
            p.addProperty(CL_CONTEXT_PLATFORM, platform);
            return status(e, clCreateContext(p, 1, new cl_device_id[] {device}, null, null, e));
        }, CL_INVALID_PROPERTY);

        String e1 = "clCreateContextFromType";
        String dummy = "PoCL finds no device of that type: CL_DEVICE_NOT_FOUND";
        t.call(e1, "unknown device_type bits", () -> {
            int[] e = err();
            cl_context c = clCreateContextFromType(platformProperties(), UNKNOWN_BIT, null, null, e);
            // PoCL returns a dummy context with CL_DEVICE_NOT_FOUND, whose release fails an assertion (abort)
            return Target.isOmniCL() ? status(e, c) : e[0];
        }, CL_INVALID_DEVICE_TYPE).reference(dummy, CL_DEVICE_NOT_FOUND);
        t.call(e1, "user_data without pfn_notify", () -> {
            int[] e = err();
            return status(e, clCreateContextFromType(platformProperties(), CL_DEVICE_TYPE_ALL, null, "data", e));
        }, CL_INVALID_VALUE).reference(JOCL_USER_DATA, CL_SUCCESS);
        t.call(e1, "unknown property", () -> {
            int[] e = err();
            return status(e, clCreateContextFromType(props(0x7777, 1), CL_DEVICE_TYPE_ALL, null, null, e));
        }, CL_INVALID_PROPERTY);

        refRows(t, "clRetainContext", "context", CL_INVALID_CONTEXT, CL::clRetainContext, this::releasedContext);
        refRows(t, "clReleaseContext", "context", CL_INVALID_CONTEXT, CL::clReleaseContext, this::releasedContext);
        infoRows(t, "clGetContextInfo", "context", CL_INVALID_CONTEXT, () -> context, this::releasedContext,
                CL_CONTEXT_NUM_DEVICES, (c, param, size, value, ret) -> clGetContextInfo(c, param, size, value, ret));
    }

    private void queues(Table t) {
        String e0 = "clCreateCommandQueue";
        t.call(e0, "null context", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueue(null, device, 0, e));
        }, CL_INVALID_CONTEXT);
        t.add(e0, "released context", () -> {
            cl_context c = releasedContext();
            return () -> {
                int[] e = err();
                return status(e, clCreateCommandQueue(c, device, 0, e));
            };
        }, CL_INVALID_CONTEXT).skipOnReference(RELEASED);
        t.call(e0, "null device", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueue(context, null, 0, e));
        }, CL_INVALID_DEVICE);
        t.add(e0, "device not in the context", () -> {
            cl_device_id d = foreignDevice();
            return () -> {
                int[] e = err();
                return status(e, clCreateCommandQueue(context, d, 0, e));
            };
        }, CL_INVALID_DEVICE).reference(POCL_SUBDEVICE, CL_SUCCESS);
        t.call(e0, "unknown property bits", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueue(context, device, UNKNOWN_BIT, e));
        }, CL_INVALID_VALUE);

        String e1 = "clCreateCommandQueueWithProperties";
        t.call(e1, "null context", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueueWithProperties(null, device, null, e));
        }, CL_INVALID_CONTEXT);
        t.call(e1, "null device", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueueWithProperties(context, null, null, e));
        }, CL_INVALID_DEVICE);
        t.call(e1, "unknown property name", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueueWithProperties(context, device, queueProps(0x7777, 1), e));
        }, CL_INVALID_VALUE);
        t.call(e1, "unknown bits in CL_QUEUE_PROPERTIES", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueueWithProperties(context, device,
                    queueProps(CL_QUEUE_PROPERTIES, UNKNOWN_BIT), e));
        }, CL_INVALID_VALUE);
        t.call(e1, "CL_QUEUE_SIZE without CL_QUEUE_ON_DEVICE", () -> {
            int[] e = err();
            return status(e, clCreateCommandQueueWithProperties(context, device,
                    queueProps(CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, CL_QUEUE_SIZE, 1024), e));
        }, CL_INVALID_VALUE);

        refRows(t, "clRetainCommandQueue", "command_queue", CL_INVALID_COMMAND_QUEUE, CL::clRetainCommandQueue,
                this::releasedQueue);
        refRows(t, "clReleaseCommandQueue", "command_queue", CL_INVALID_COMMAND_QUEUE, CL::clReleaseCommandQueue,
                this::releasedQueue);
        infoRows(t, "clGetCommandQueueInfo", "command_queue", CL_INVALID_COMMAND_QUEUE, () -> queue,
                this::releasedQueue, CL_QUEUE_PROPERTIES,
                (q, param, size, value, ret) -> clGetCommandQueueInfo(q, param, size, value, ret));
        refRows(t, "clFlush", "command_queue", CL_INVALID_COMMAND_QUEUE, CL::clFlush, this::releasedQueue);
        refRows(t, "clFinish", "command_queue", CL_INVALID_COMMAND_QUEUE, CL::clFinish, this::releasedQueue);
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

    private int createWithSource(cl_context c, int count, String[] strings) {
        int[] e = err();
        return status(e, clCreateProgramWithSource(c, count, strings, null, e));
    }

    private int createWithBinary(cl_context c, int n, cl_device_id[] devices, long[] lengths, byte[][] binaries) {
        int[] e = err();
        return status(e, clCreateProgramWithBinary(c, n, devices, lengths, binaries, null, e));
    }

    private int createWithBuiltIns(cl_context c, int n, cl_device_id[] devices, String names) {
        int[] e = err();
        return status(e, clCreateProgramWithBuiltInKernels(c, n, devices, names, e));
    }

    private int link(cl_context c, int n, cl_device_id[] devices, String options, int count, cl_program[] inputs,
                     Object userData) {
        int[] e = err();
        return status(e, clLinkProgram(c, n, devices, options, count, inputs, null, userData, e));
    }

    private void programs(Table t) {
        String[] source = {SOURCE};
        cl_device_id[] none = null;
        String e0 = "clCreateProgramWithSource";
        t.call(e0, "null context", () -> createWithSource(null, 1, source), CL_INVALID_CONTEXT);
        t.add(e0, "released context", () -> {
            cl_context c = releasedContext();
            return () -> createWithSource(c, 1, source);
        }, CL_INVALID_CONTEXT).skipOnReference(RELEASED);
        t.call(e0, "count 0", () -> createWithSource(context, 0, source), CL_INVALID_VALUE);
        t.call(e0, "strings null", () -> createWithSource(context, 1, null), CL_INVALID_VALUE)
                .skipOnReference(POCL_NULL_ARRAY);
        t.call(e0, "null entry in strings", () -> createWithSource(context, 1, new String[] {null}), CL_INVALID_VALUE);

        String e1 = "clCreateProgramWithBinary";
        t.add(e1, "null context", () -> {
            byte[] b = binary();
            return () -> createWithBinary(null, 1, new cl_device_id[] {device}, new long[] {b.length},
                    new byte[][] {b});
        }, CL_INVALID_CONTEXT);
        t.add(e1, "device_list null", () -> {
            byte[] b = binary();
            return () -> createWithBinary(context, 1, none, new long[] {b.length}, new byte[][] {b});
        }, CL_INVALID_VALUE);
        t.add(e1, "num_devices 0", () -> {
            byte[] b = binary();
            return () -> createWithBinary(context, 0, new cl_device_id[] {device}, new long[] {b.length},
                    new byte[][] {b});
        }, CL_INVALID_VALUE);
        t.add(e1, "lengths null", () -> {
            byte[] b = binary();
            return () -> createWithBinary(context, 1, new cl_device_id[] {device}, null, new byte[][] {b});
        }, CL_INVALID_VALUE);
        t.add(e1, "binaries null", () -> {
            byte[] b = binary();
            return () -> createWithBinary(context, 1, new cl_device_id[] {device}, new long[] {b.length}, null);
        }, CL_INVALID_VALUE).skipOnReference(POCL_NULL_ARRAY);
        t.add(e1, "a length of 0", () -> {
            byte[] b = binary();
            return () -> createWithBinary(context, 1, new cl_device_id[] {device}, new long[] {0}, new byte[][] {b});
        }, CL_INVALID_VALUE);
        t.add(e1, "device not in the context", () -> {
            byte[] b = binary();
            cl_device_id d = foreignDevice();
            return () -> createWithBinary(context, 1, new cl_device_id[] {d}, new long[] {b.length},
                    new byte[][] {b});
        }, CL_INVALID_DEVICE).reference(POCL_SUBDEVICE, CL_SUCCESS);
        t.add(e1, "a binary of no device", () -> {
            byte[] garbage = bytes(64, 7);
            return () -> createWithBinary(context, 1, new cl_device_id[] {device}, new long[] {garbage.length},
                    new byte[][] {garbage});
        }, CL_INVALID_BINARY);

        String e2 = "clCreateProgramWithBuiltInKernels";
        t.call(e2, "null context", () -> createWithBuiltIns(null, 1, new cl_device_id[] {device}, "k"),
                CL_INVALID_CONTEXT);
        t.call(e2, "device_list null", () -> createWithBuiltIns(context, 1, none, "k"), CL_INVALID_VALUE);
        t.call(e2, "num_devices 0", () -> createWithBuiltIns(context, 0, new cl_device_id[] {device}, "k"),
                CL_INVALID_VALUE);
        t.call(e2, "kernel_names null", () -> createWithBuiltIns(context, 1, new cl_device_id[] {device}, null),
                CL_INVALID_VALUE);
        t.call(e2, "a kernel name no device has", () -> createWithBuiltIns(context, 1, new cl_device_id[] {device},
                "omnicl_no_such_builtin"), CL_INVALID_VALUE);

        refRows(t, "clRetainProgram", "program", CL_INVALID_PROGRAM, CL::clRetainProgram, this::releasedProgram);
        refRows(t, "clReleaseProgram", "program", CL_INVALID_PROGRAM, CL::clReleaseProgram, this::releasedProgram);

        String e3 = "clBuildProgram";
        t.call(e3, "null program", () -> clBuildProgram(null, 0, null, null, null, null), CL_INVALID_PROGRAM);
        t.add(e3, "released program", () -> {
            cl_program p = releasedProgram();
            return () -> clBuildProgram(p, 0, null, null, null, null);
        }, CL_INVALID_PROGRAM).skipOnReference(RELEASED);
        t.add(e3, "num_devices > 0, device_list null", () -> {
            cl_program p = sourceProgram();
            return () -> clBuildProgram(p, 1, null, null, null, null);
        }, CL_INVALID_VALUE);
        t.add(e3, "device_list with num_devices 0", () -> {
            cl_program p = sourceProgram();
            return () -> clBuildProgram(p, 0, new cl_device_id[] {device}, null, null, null);
        }, CL_INVALID_VALUE);
        t.add(e3, "null device in the list", () -> {
            cl_program p = sourceProgram();
            return () -> clBuildProgram(p, 1, new cl_device_id[] {null}, null, null, null);
        }, CL_INVALID_DEVICE).referenceThrows(NullPointerException.class, JOCL_NPE);
        t.add(e3, "device not in the context", () -> {
            cl_program p = sourceProgram();
            cl_device_id d = foreignDevice();
            return () -> clBuildProgram(p, 1, new cl_device_id[] {d}, null, null, null);
        }, CL_INVALID_DEVICE).reference(POCL_SUBDEVICE, CL_SUCCESS);
        t.add(e3, "user_data without pfn_notify", () -> {
            cl_program p = sourceProgram();
            return () -> clBuildProgram(p, 0, null, null, null, "data");
        }, CL_INVALID_VALUE).reference(JOCL_USER_DATA, CL_SUCCESS);
        t.add(e3, "unknown build option", () -> {
            cl_program p = sourceProgram();
            return () -> clBuildProgram(p, 0, null, "-cl-omnicl-no-such-option", null, null);
        }, CL_INVALID_BUILD_OPTIONS);
        t.add(e3, "kernels attached to the program", () -> {
            cl_program p = builtProgram();
            kernel(p, "fill");
            return () -> clBuildProgram(p, 0, null, null, null, null);
        }, CL_INVALID_OPERATION);

        String e4 = "clCompileProgram";
        t.call(e4, "null program", () -> clCompileProgram(null, 0, null, null, 0, null, null, null, null),
                CL_INVALID_PROGRAM);
        t.add(e4, "released program", () -> {
            cl_program p = releasedProgram();
            return () -> clCompileProgram(p, 0, null, null, 0, null, null, null, null);
        }, CL_INVALID_PROGRAM).skipOnReference(RELEASED);
        t.add(e4, "num_devices > 0, device_list null", () -> {
            cl_program p = sourceProgram();
            return () -> clCompileProgram(p, 1, null, null, 0, null, null, null, null);
        }, CL_INVALID_VALUE);
        t.add(e4, "null device in the list", () -> {
            cl_program p = sourceProgram();
            return () -> clCompileProgram(p, 1, new cl_device_id[] {null}, null, 0, null, null, null, null);
        }, CL_INVALID_DEVICE).referenceThrows(NullPointerException.class, JOCL_NPE);
        t.add(e4, "num_input_headers > 0, input_headers null", () -> {
            cl_program p = sourceProgram();
            return () -> clCompileProgram(p, 0, null, null, 1, null, new String[] {"h.h"}, null, null);
        }, CL_INVALID_VALUE).skipOnReference(POCL_NULL_ARRAY);
        t.add(e4, "num_input_headers > 0, header_include_names null", () -> {
            cl_program p = sourceProgram();
            cl_program h = sourceProgram();
            return () -> clCompileProgram(p, 0, null, null, 1, new cl_program[] {h}, null, null, null);
        }, CL_INVALID_VALUE).skipOnReference(POCL_NULL_ARRAY);
        t.add(e4, "user_data without pfn_notify", () -> {
            cl_program p = sourceProgram();
            return () -> clCompileProgram(p, 0, null, null, 0, null, null, null, "data");
        }, CL_INVALID_VALUE).reference(JOCL_USER_DATA, CL_SUCCESS);
        t.add(e4, "unknown compile option", () -> {
            cl_program p = sourceProgram();
            return () -> clCompileProgram(p, 0, null, "-cl-omnicl-no-such-option", 0, null, null, null, null);
        }, CL_INVALID_COMPILER_OPTIONS);
        t.add(e4, "program created from a binary (no source)", () -> {
            cl_program p = binaryProgram();
            return () -> clCompileProgram(p, 0, null, null, 0, null, null, null, null);
        }, CL_INVALID_OPERATION);

        String e5 = "clLinkProgram";
        t.call(e5, "null context", () -> link(null, 0, null, null, 1, new cl_program[] {compiled}, null),
                CL_INVALID_CONTEXT);
        t.call(e5, "num_input_programs 0", () -> link(context, 0, null, null, 0, new cl_program[] {compiled}, null),
                CL_INVALID_VALUE);
        t.call(e5, "input_programs null", () -> link(context, 0, null, null, 1, null, null), CL_INVALID_VALUE);
        t.call(e5, "null input program", () -> link(context, 0, null, null, 1, new cl_program[] {null}, null),
                CL_INVALID_PROGRAM).referenceThrows(NullPointerException.class, JOCL_NPE);
        t.add(e5, "released input program", () -> {
            cl_program p = releasedProgram();
            return () -> link(context, 0, null, null, 1, new cl_program[] {p}, null);
        }, CL_INVALID_PROGRAM).skipOnReference(RELEASED);
        t.call(e5, "num_devices > 0, device_list null",
                () -> link(context, 1, null, null, 1, new cl_program[] {compiled}, null), CL_INVALID_VALUE);
        t.call(e5, "user_data without pfn_notify",
                () -> link(context, 0, null, null, 1, new cl_program[] {compiled}, "data"), CL_INVALID_VALUE)
                .reference(JOCL_USER_DATA, CL_SUCCESS);
        t.add(e5, "an input that was never compiled", () -> {
            cl_program p = sourceProgram();
            return () -> link(context, 0, null, null, 1, new cl_program[] {p}, null);
        }, CL_INVALID_OPERATION);
        t.call(e5, "unknown link option", () -> link(context, 0, null, "-cl-omnicl-no-such-option", 1,
                new cl_program[] {compiled}, null), CL_INVALID_LINKER_OPTIONS);

        t.call("clUnloadPlatformCompiler", "null platform", () -> clUnloadPlatformCompiler(null), CL_INVALID_PLATFORM)
                .reference("the ICD loader answers a null platform itself, with CL_SUCCESS", CL_SUCCESS);

        String e6 = "clGetProgramInfo";
        infoRows(t, e6, "program", CL_INVALID_PROGRAM, () -> program, this::releasedProgram, CL_PROGRAM_NUM_DEVICES,
                (p, param, size, value, ret) -> clGetProgramInfo(p, param, size, value, ret));
        t.add(e6, "CL_PROGRAM_NUM_KERNELS before a build", () -> {
            cl_program p = sourceProgram();
            return () -> clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, Sizeof.size_t, Pointer.to(new long[1]), null);
        }, CL_INVALID_PROGRAM_EXECUTABLE);

        String e7 = "clGetProgramBuildInfo";
        infoRows(t, e7, "program", CL_INVALID_PROGRAM, () -> program, this::releasedProgram, CL_PROGRAM_BUILD_STATUS,
                (p, param, size, value, ret) -> clGetProgramBuildInfo(p, device, param, size, value, ret));
        t.call(e7, "null device", () -> clGetProgramBuildInfo(program, null, CL_PROGRAM_BUILD_STATUS, Sizeof.cl_int,
                Pointer.to(new int[1]), null), CL_INVALID_DEVICE);
        t.add(e7, "device not in the program's context", () -> {
            cl_device_id d = foreignDevice();
            return () -> clGetProgramBuildInfo(program, d, CL_PROGRAM_BUILD_STATUS, Sizeof.cl_int,
                    Pointer.to(new int[1]), null);
        }, CL_INVALID_DEVICE).reference(POCL_SUBDEVICE, CL_SUCCESS);
    }

    private int createKernel(cl_program p, String name) {
        int[] e = err();
        return status(e, clCreateKernel(p, name, e));
    }

    private void kernels(Table t) {
        String e0 = "clCreateKernel";
        t.call(e0, "null program", () -> createKernel(null, "fill"), CL_INVALID_PROGRAM);
        t.add(e0, "released program", () -> {
            cl_program p = releasedProgram();
            return () -> createKernel(p, "fill");
        }, CL_INVALID_PROGRAM).skipOnReference(RELEASED);
        t.add(e0, "program not built", () -> {
            cl_program p = sourceProgram();
            return () -> createKernel(p, "fill");
        }, CL_INVALID_PROGRAM_EXECUTABLE);
        t.call(e0, "a name the program does not define", () -> createKernel(program, "no_such_kernel"),
                CL_INVALID_KERNEL_NAME);
        t.call(e0, "kernel_name null", () -> createKernel(program, null), CL_INVALID_VALUE);

        String e1 = "clCreateKernelsInProgram";
        t.call(e1, "null program", () -> clCreateKernelsInProgram(null, 0, null, new int[1]), CL_INVALID_PROGRAM);
        t.add(e1, "released program", () -> {
            cl_program p = releasedProgram();
            return () -> clCreateKernelsInProgram(p, 0, null, new int[1]);
        }, CL_INVALID_PROGRAM).skipOnReference(RELEASED);
        t.add(e1, "program not built", () -> {
            cl_program p = sourceProgram();
            return () -> clCreateKernelsInProgram(p, 0, null, new int[1]);
        }, CL_INVALID_PROGRAM_EXECUTABLE);
        t.call(e1, "num_kernels below the program's kernels", () -> {
            cl_kernel[] ks = new cl_kernel[3];
            int rc = clCreateKernelsInProgram(program, 1, ks, null);
            for (cl_kernel k : ks) {
                if (k != null && k.getNativePointer() != 0) {
                    track(k);
                }
            }
            return rc;
        }, CL_INVALID_VALUE);

        refRows(t, "clRetainKernel", "kernel", CL_INVALID_KERNEL, CL::clRetainKernel, this::releasedKernel);
        refRows(t, "clReleaseKernel", "kernel", CL_INVALID_KERNEL, CL::clReleaseKernel, this::releasedKernel);

        String e2 = "clSetKernelArg";
        t.call(e2, "null kernel", () -> clSetKernelArg(null, 1, Sizeof.cl_int, Pointer.to(new int[1])),
                CL_INVALID_KERNEL);
        t.add(e2, "released kernel", () -> {
            cl_kernel k = releasedKernel();
            return () -> clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[1]));
        }, CL_INVALID_KERNEL).skipOnReference(RELEASED);
        t.add(e2, "arg_index = number of arguments", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, 2, Sizeof.cl_int, Pointer.to(new int[1]));
        }, CL_INVALID_ARG_INDEX);
        t.add(e2, "arg_index -1 (huge as cl_uint)", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, -1, Sizeof.cl_int, Pointer.to(new int[1]));
        }, CL_INVALID_ARG_INDEX);
        t.add(e2, "int argument with arg_size 8", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_long, Pointer.to(new long[1]));
        }, CL_INVALID_ARG_SIZE);
        t.add(e2, "int argument with arg_size 2", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_short, Pointer.to(new short[1]));
        }, CL_INVALID_ARG_SIZE);
        t.add(e2, "int argument, arg_value null", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_int, null);
        }, CL_INVALID_ARG_VALUE);
        t.add(e2, "int argument, Pointer holds less than arg_size", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new byte[2]));
        }, CL_INVALID_ARG_VALUE).skipOnReference(SMALL_READ);
        t.add(e2, "buffer argument with arg_size 4", () -> {
            cl_kernel k = kernelOf(program, "fill");
            cl_mem m = guarded();
            return () -> clSetKernelArg(k, 0, Sizeof.cl_int, Pointer.to(m));
        }, CL_INVALID_ARG_SIZE);
        t.add(e2, "buffer argument, a released buffer", () -> {
            cl_kernel k = kernelOf(program, "fill");
            cl_mem m = releasedBuffer();
            return () -> clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(m));
        }, CL_INVALID_MEM_OBJECT).skipOnReference(RELEASED);
        t.add(e2, "local argument with arg_size 0", () -> {
            cl_kernel k = kernelOf(program, "scratch");
            return () -> clSetKernelArg(k, 1, 0, null);
        }, CL_INVALID_ARG_SIZE);
        t.add(e2, "local argument with an arg_value", () -> {
            cl_kernel k = kernelOf(program, "scratch");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_int, Pointer.to(new int[1]));
        }, CL_INVALID_ARG_VALUE);
        t.add(e2, "sampler argument, arg_value null", () -> {
            cl_kernel k = kernelOf(imageProgram, "sample");
            return () -> clSetKernelArg(k, 1, Sizeof.cl_sampler, null);
        }, CL_INVALID_SAMPLER, CL_INVALID_ARG_VALUE).images(); // null is no sampler, and no valid value

        String e3 = "clGetKernelInfo";
        infoRows(t, e3, "kernel", CL_INVALID_KERNEL, () -> kernelOf(program, "fill"), this::releasedKernel,
                CL_KERNEL_NUM_ARGS, (k, param, size, value, ret) -> clGetKernelInfo(k, param, size, value, ret));

        String e4 = "clGetKernelArgInfo";
        infoRows(t, e4, "kernel", CL_INVALID_KERNEL, () -> kernelOf(program, "fill"), this::releasedKernel,
                CL_KERNEL_ARG_ADDRESS_QUALIFIER,
                (k, param, size, value, ret) -> clGetKernelArgInfo(k, 0, param, size, value, ret));
        t.add(e4, "arg_indx = number of arguments", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_ADDRESS_QUALIFIER, Sizeof.cl_int,
                    Pointer.to(new int[1]), null);
        }, CL_INVALID_ARG_INDEX);

        String e5 = "clGetKernelWorkGroupInfo";
        infoRows(t, e5, "kernel", CL_INVALID_KERNEL, () -> kernelOf(program, "fill"), this::releasedKernel,
                CL_KERNEL_WORK_GROUP_SIZE,
                (k, param, size, value, ret) -> clGetKernelWorkGroupInfo(k, device, param, size, value, ret));
        t.add(e5, "device not in the kernel's context", () -> {
            cl_kernel k = kernelOf(program, "fill");
            cl_device_id d = foreignDevice();
            return () -> clGetKernelWorkGroupInfo(k, d, CL_KERNEL_WORK_GROUP_SIZE, Sizeof.size_t,
                    Pointer.to(new long[1]), null);
        }, CL_INVALID_DEVICE).reference(POCL_SUBDEVICE, CL_SUCCESS);
        t.add(e5, "CL_KERNEL_GLOBAL_WORK_SIZE of a kernel that is not built-in", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clGetKernelWorkGroupInfo(k, device, CL_KERNEL_GLOBAL_WORK_SIZE, 3 * Sizeof.size_t,
                    Pointer.to(new long[3]), null);
        }, CL_INVALID_VALUE);
    }

    private void events(Table t) {
        String e0 = "clWaitForEvents";
        t.call(e0, "num_events 0", () -> clWaitForEvents(0, new cl_event[] {done()}), CL_INVALID_VALUE);
        t.call(e0, "event_list null", () -> clWaitForEvents(1, null), CL_INVALID_VALUE);
        t.call(e0, "null event in the list", () -> clWaitForEvents(1, new cl_event[] {null}), CL_INVALID_EVENT)
                .referenceThrows(NullPointerException.class, JOCL_NPE);
        t.call(e0, "events of two contexts", () -> clWaitForEvents(2, new cl_event[] {done(), foreignDone()}),
                CL_INVALID_CONTEXT);
        t.add(e0, "released event", () -> {
            cl_event ev = releasedEvent();
            return () -> clWaitForEvents(1, new cl_event[] {ev});
        }, CL_INVALID_EVENT).skipOnReference(RELEASED);

        infoRows(t, "clGetEventInfo", "event", CL_INVALID_EVENT, this::done, this::releasedEvent,
                CL_EVENT_COMMAND_TYPE, (ev, param, size, value, ret) -> clGetEventInfo(ev, param, size, value, ret));

        String e1 = "clCreateUserEvent";
        t.call(e1, "null context", () -> {
            int[] e = err();
            return status(e, clCreateUserEvent(null, e));
        }, CL_INVALID_CONTEXT);
        t.add(e1, "released context", () -> {
            cl_context c = releasedContext();
            return () -> {
                int[] e = err();
                return status(e, clCreateUserEvent(c, e));
            };
        }, CL_INVALID_CONTEXT).skipOnReference(RELEASED);

        refRows(t, "clRetainEvent", "event", CL_INVALID_EVENT, CL::clRetainEvent, this::releasedEvent);
        refRows(t, "clReleaseEvent", "event", CL_INVALID_EVENT, CL::clReleaseEvent, this::releasedEvent);

        String e2 = "clSetUserEventStatus";
        t.call(e2, "null event", () -> clSetUserEventStatus(null, CL_COMPLETE), CL_INVALID_EVENT);
        t.add(e2, "released event", () -> {
            cl_event ev = releasedEvent();
            return () -> clSetUserEventStatus(ev, CL_COMPLETE);
        }, CL_INVALID_EVENT).skipOnReference(RELEASED);
        t.add(e2, "the event of a command, not a user event", () -> {
            cl_event ev = markerEvent(queue);
            return () -> clSetUserEventStatus(ev, CL_COMPLETE);
        }, CL_INVALID_EVENT);
        t.add(e2, "status CL_RUNNING", () -> {
            cl_event ev = pendingUserEvent();
            return () -> clSetUserEventStatus(ev, CL_RUNNING);
        }, CL_INVALID_VALUE);
        t.add(e2, "status CL_SUBMITTED", () -> {
            cl_event ev = pendingUserEvent();
            return () -> clSetUserEventStatus(ev, CL_SUBMITTED);
        }, CL_INVALID_VALUE);
        t.add(e2, "status set a second time", () -> {
            cl_event ev = done();
            return () -> clSetUserEventStatus(ev, CL_COMPLETE);
        }, CL_INVALID_OPERATION);

        String e3 = "clSetEventCallback";
        t.call(e3, "null event", () -> clSetEventCallback(null, CL_COMPLETE, (ev, s, d) -> { }, null),
                CL_INVALID_EVENT);
        t.add(e3, "released event", () -> {
            cl_event ev = releasedEvent();
            return () -> clSetEventCallback(ev, CL_COMPLETE, (x, s, d) -> { }, null);
        }, CL_INVALID_EVENT).skipOnReference(RELEASED);
        t.add(e3, "pfn_notify null", () -> {
            cl_event ev = done();
            return () -> clSetEventCallback(ev, CL_COMPLETE, null, null);
        }, CL_INVALID_VALUE);
        t.add(e3, "command_exec_callback_type CL_QUEUED", () -> {
            cl_event ev = done();
            return () -> clSetEventCallback(ev, CL_QUEUED, (x, s, d) -> { }, null);
        }, CL_INVALID_VALUE);
        t.add(e3, "unknown command_exec_callback_type", () -> {
            cl_event ev = done();
            return () -> clSetEventCallback(ev, 0x7777, (x, s, d) -> { }, null);
        }, CL_INVALID_VALUE);

        String e4 = "clGetEventProfilingInfo";
        infoRows(t, e4, "event", CL_INVALID_EVENT, () -> markerEvent(profilingQueue), this::releasedEvent,
                CL_PROFILING_COMMAND_END,
                (ev, param, size, value, ret) -> clGetEventProfilingInfo(ev, param, size, value, ret));
        t.add(e4, "a user event", () -> {
            cl_event ev = done();
            return () -> clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, Sizeof.cl_ulong,
                    Pointer.to(new long[1]), null);
        }, CL_PROFILING_INFO_NOT_AVAILABLE);
        t.add(e4, "an event of a queue without profiling", () -> {
            cl_event ev = markerEvent(queue);
            return () -> clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, Sizeof.cl_ulong,
                    Pointer.to(new long[1]), null);
        }, CL_PROFILING_INFO_NOT_AVAILABLE);
    }

    // ---- buffer transfers ------------------------------------------------------------------------------------

    private int read(cl_mem m, long offset, long size, Pointer ptr) {
        return clEnqueueReadBuffer(queue, m, CL_TRUE, offset, size, ptr, 0, null, null);
    }

    private int write(cl_mem m, long offset, long size, Pointer ptr) {
        return clEnqueueWriteBuffer(queue, m, CL_TRUE, offset, size, ptr, 0, null, null);
    }

    /** Rows of a call on one buffer: null, released, an image, a buffer of another context. */
    private BadInputRow memRows(Table t, String entry, String what, Function<cl_mem, Integer> call) {
        BadInputRow nullRow = t.call(entry, "null " + what, () -> call.apply(null), CL_INVALID_MEM_OBJECT);
        t.add(entry, "released " + what, () -> {
            cl_mem m = releasedBuffer();
            return () -> call.apply(m);
        }, CL_INVALID_MEM_OBJECT).skipOnReference(RELEASED);
        t.add(entry, what + ": an image, not a buffer", () -> {
            cl_mem img = image();
            return () -> call.apply(img);
        }, CL_INVALID_MEM_OBJECT).images();
        t.add(entry, what + " of another context", () -> {
            cl_mem m = foreignBuffer();
            return () -> call.apply(m);
        }, CL_INVALID_CONTEXT);
        return nullRow;
    }

    /** Marks the rows of one entry point and class as answered otherwise by the reference. */
    private static void deviation(Table t, String entry, String kind, String why, int... codes) {
        t.rows.stream().filter(r -> r.entry.equals(entry) && r.kind.equals(kind)).forEach(r -> r.reference(why, codes));
    }

    /** PoCL reads and writes an image's memory through clEnqueueReadBuffer and clEnqueueWriteBuffer. */
    private static void poclTakesImages(Table t, String entry) {
        t.rows.stream().filter(r -> r.entry.equals(entry) && r.kind.endsWith("an image, not a buffer"))
                .forEach(r -> r.reference("PoCL does not check that the memory object is a buffer", CL_SUCCESS));
    }

    private void transfers(Table t) {
        String rd = "clEnqueueReadBuffer";
        enqueueRows(t, rd, () -> {
            cl_mem m = guarded();
            byte[] h = host(BYTES);
            return (q, n, list) -> clEnqueueReadBuffer(q, m, CL_TRUE, 0, BYTES, Pointer.to(h), n, list, null);
        });
        memRows(t, rd, "buffer", m -> read(m, 0, BYTES, Pointer.to(host(BYTES))));
        poclTakesImages(t, rd);
        rangeRows(t, rd, (m, offset, size) -> read(m, offset, size, Pointer.to(host(BYTES))));
        t.add(rd, "ptr null", () -> {
            cl_mem m = guarded();
            return () -> read(m, 0, BYTES, null);
        }, CL_INVALID_VALUE);
        t.add(rd, "Pointer holds less than size", () -> {
            cl_mem m = guarded();
            int[] one = new int[1];
            return () -> read(m, 0, BYTES, Pointer.to(one));
        }, CL_INVALID_VALUE).skipOnReference(SMALL);
        t.add(rd, "buffer created CL_MEM_HOST_WRITE_ONLY", () -> {
            cl_mem m = guarded(CL_MEM_HOST_WRITE_ONLY);
            byte[] h = host(BYTES);
            return () -> read(m, 0, BYTES, Pointer.to(h));
        }, CL_INVALID_OPERATION);
        t.add(rd, "buffer created CL_MEM_HOST_NO_ACCESS", () -> {
            cl_mem m = guarded(CL_MEM_HOST_NO_ACCESS);
            byte[] h = host(BYTES);
            return () -> read(m, 0, BYTES, Pointer.to(h));
        }, CL_INVALID_OPERATION);

        String wr = "clEnqueueWriteBuffer";
        enqueueRows(t, wr, () -> {
            cl_mem m = guarded();
            byte[] h = bytes(BYTES, 99);
            return (q, n, list) -> clEnqueueWriteBuffer(q, m, CL_TRUE, 0, BYTES, Pointer.to(h), n, list, null);
        });
        memRows(t, wr, "buffer", m -> write(m, 0, BYTES, Pointer.to(bytes(BYTES, 99))));
        poclTakesImages(t, wr);
        rangeRows(t, wr, (m, offset, size) -> write(m, offset, size, Pointer.to(new byte[BYTES])));
        t.add(wr, "ptr null", () -> {
            cl_mem m = guarded();
            return () -> write(m, 0, BYTES, null);
        }, CL_INVALID_VALUE);
        t.add(wr, "Pointer holds less than size", () -> {
            cl_mem m = guarded();
            return () -> write(m, 0, BYTES, Pointer.to(new int[1]));
        }, CL_INVALID_VALUE).skipOnReference(SMALL_READ);
        t.add(wr, "buffer created CL_MEM_HOST_READ_ONLY", () -> {
            cl_mem m = guarded(CL_MEM_HOST_READ_ONLY);
            return () -> write(m, 0, BYTES, Pointer.to(bytes(BYTES, 99)));
        }, CL_INVALID_OPERATION);
        t.add(wr, "buffer created CL_MEM_HOST_NO_ACCESS", () -> {
            cl_mem m = guarded(CL_MEM_HOST_NO_ACCESS);
            return () -> write(m, 0, BYTES, Pointer.to(bytes(BYTES, 99)));
        }, CL_INVALID_OPERATION);

        rectRows(t);

        String fl = "clEnqueueFillBuffer";
        Pointer pattern = Pointer.to(new int[] {0x5A5A5A5A});
        enqueueRows(t, fl, () -> {
            cl_mem m = guarded();
            return (q, n, list) -> clEnqueueFillBuffer(q, m, pattern, 4, 0, BYTES, n, list, null);
        });
        memRows(t, fl, "buffer", m -> clEnqueueFillBuffer(queue, m, pattern, 4, 0, BYTES, 0, null, null));
        rangeRows(t, fl, (m, offset, size) -> clEnqueueFillBuffer(queue, m, pattern, 4, offset, size, 0, null, null));
        fillRow(t, "pattern null", null, 4, 0, BYTES);
        fillRow(t, "pattern_size 0", pattern, 0, 0, BYTES);
        fillRow(t, "pattern_size 3 (not a power of two)", Pointer.to(new byte[3]), 3, 0, 12);
        fillRow(t, "pattern_size 256 (above 128)", Pointer.to(new byte[256]), 256, 0, BYTES);
        fillRow(t, "offset not a multiple of pattern_size", pattern, 4, 2, 16);
        fillRow(t, "size not a multiple of pattern_size", pattern, 4, 0, 18);
        t.add(fl, "Pointer holds less than pattern_size", () -> {
            cl_mem m = guarded();
            return () -> clEnqueueFillBuffer(queue, m, Pointer.to(new byte[2]), 16, 0, BYTES, 0, null, null);
        }, CL_INVALID_VALUE).skipOnReference(SMALL_READ);

        String cp = "clEnqueueCopyBuffer";
        enqueueRows(t, cp, () -> {
            cl_mem src = guarded();
            cl_mem dst = guarded();
            return (q, n, list) -> clEnqueueCopyBuffer(q, src, dst, 0, 0, BYTES, n, list, null);
        });
        memRows(t, cp, "src_buffer", m -> clEnqueueCopyBuffer(queue, m, guarded(), 0, 0, BYTES, 0, null, null));
        memRows(t, cp, "dst_buffer", m -> clEnqueueCopyBuffer(queue, guarded(), m, 0, 0, BYTES, 0, null, null));
        rangeRows(t, "source: ", cp, (m, offset, size) -> clEnqueueCopyBuffer(queue, m, guarded(), offset, 0,
                size, 0, null, null));
        rangeRows(t, "destination: ", cp, (m, offset, size) -> clEnqueueCopyBuffer(queue, guarded(), m, 0,
                offset, size, 0, null, null));
        t.add(cp, "size 0", () -> {
            cl_mem src = guarded();
            cl_mem dst = guarded();
            return () -> clEnqueueCopyBuffer(queue, src, dst, 0, 0, 0, 0, null, null);
        }, CL_INVALID_VALUE);
        t.add(cp, "overlapping ranges of one buffer", () -> {
            cl_mem m = guarded();
            return () -> clEnqueueCopyBuffer(queue, m, m, 0, 16, 64, 0, null, null);
        }, CL_MEM_COPY_OVERLAP);
        t.add(cp, "overlapping sub-buffers of one buffer", () -> {
            cl_mem parent = buffer(CL_MEM_READ_WRITE, 4 * align, null);
            cl_mem a = subBuffer(parent, CL_MEM_READ_WRITE, 0, 2 * align);
            cl_mem b = subBuffer(parent, CL_MEM_READ_WRITE, align, 2 * align);
            return () -> clEnqueueCopyBuffer(queue, a, b, align, 0, align, 0, null, null);
        }, CL_MEM_COPY_OVERLAP);
    }

    /** A call on a range of a checked BYTES-byte buffer. */
    @FunctionalInterface
    interface RangeCall {
        int run(cl_mem m, long offset, long size);
    }

    private void rangeRows(Table t, String entry, RangeCall call) {
        rangeRows(t, "", entry, call);
    }

    /** Offsets and sizes out of range, also where offset + size wraps a signed 64-bit sum. */
    private void rangeRows(Table t, String prefix, String entry, RangeCall call) {
        Object[][] cases = {
            {"offset + size past the end", 64L, (long) BYTES},
            {"offset past the end", (long) BYTES + 64, 64L},
            {"offset near Long.MAX_VALUE (offset + size wraps)", Long.MAX_VALUE - 3, 64L},
            {"size near Long.MAX_VALUE", 64L, Long.MAX_VALUE - 3},
        };
        for (Object[] c : cases) {
            long offset = (Long) c[1];
            long size = (Long) c[2];
            t.add(entry, prefix + c[0], () -> {
                cl_mem m = guarded();
                return () -> call.run(m, offset, size);
            }, CL_INVALID_VALUE);
        }
    }

    private void fillRow(Table t, String kind, Pointer pattern, long patternSize, long offset, long size) {
        t.add("clEnqueueFillBuffer", kind, () -> {
            cl_mem m = guarded();
            return () -> clEnqueueFillBuffer(queue, m, pattern, patternSize, offset, size, 0, null, null);
        }, CL_INVALID_VALUE);
    }

    // ---- rect transfers: the buffer as 16 rows of 16 bytes; the host as rows of 8 ------------------------------

    private static final long[] RECT = {8, 4, 1};

    private int readRect(cl_mem m, long[] bufferOrigin, long[] region, long bufferRow, long bufferSlice,
                         long hostRow, Pointer ptr) {
        return clEnqueueReadBufferRect(queue, m, CL_TRUE, bufferOrigin, new long[3], region, bufferRow, bufferSlice,
                hostRow, 0, ptr, 0, null, null);
    }

    private int writeRect(cl_mem m, long[] bufferOrigin, long[] region, long bufferRow, long bufferSlice,
                          long hostRow, Pointer ptr) {
        return clEnqueueWriteBufferRect(queue, m, CL_TRUE, bufferOrigin, new long[3], region, bufferRow, bufferSlice,
                hostRow, 0, ptr, 0, null, null);
    }

    /** A read or write rect with the buffer's origin, region, pitches and the host pointer given. */
    @FunctionalInterface
    interface RectCall {
        int run(cl_mem m, long[] bufferOrigin, long[] region, long bufferRow, long bufferSlice, long hostRow,
                Pointer ptr);
    }

    private void rectRows(Table t) {
        String rd = "clEnqueueReadBufferRect";
        enqueueRows(t, rd, () -> {
            cl_mem m = guarded();
            byte[] h = host(32);
            return (q, n, list) -> clEnqueueReadBufferRect(q, m, CL_TRUE, new long[3], new long[3], RECT, 16, 0, 8, 0,
                    Pointer.to(h), n, list, null);
        });
        rectSpecificRows(t, rd, this::readRect, true);
        t.add(rd, "buffer created CL_MEM_HOST_WRITE_ONLY", () -> {
            cl_mem m = guarded(CL_MEM_HOST_WRITE_ONLY);
            byte[] h = host(32);
            return () -> readRect(m, new long[3], RECT, 16, 0, 8, Pointer.to(h));
        }, CL_INVALID_OPERATION);

        String wr = "clEnqueueWriteBufferRect";
        enqueueRows(t, wr, () -> {
            cl_mem m = guarded();
            byte[] h = bytes(32, 99);
            return (q, n, list) -> clEnqueueWriteBufferRect(q, m, CL_TRUE, new long[3], new long[3], RECT, 16, 0, 8,
                    0, Pointer.to(h), n, list, null);
        });
        rectSpecificRows(t, wr, this::writeRect, false);
        t.add(wr, "buffer created CL_MEM_HOST_READ_ONLY", () -> {
            cl_mem m = guarded(CL_MEM_HOST_READ_ONLY);
            byte[] h = bytes(32, 99);
            return () -> writeRect(m, new long[3], RECT, 16, 0, 8, Pointer.to(h));
        }, CL_INVALID_OPERATION);

        String cp = "clEnqueueCopyBufferRect";
        enqueueRows(t, cp, () -> {
            cl_mem src = guarded();
            cl_mem dst = guarded();
            return (q, n, list) -> clEnqueueCopyBufferRect(q, src, dst, new long[3], new long[3], RECT, 16, 0, 16, 0,
                    n, list, null);
        });
        memRows(t, cp, "src_buffer", m -> clEnqueueCopyBufferRect(queue, m, guarded(), new long[3], new long[3], RECT,
                16, 0, 16, 0, 0, null, null)).skipOnReference(POCL_NULL_MEM);
        memRows(t, cp, "dst_buffer", m -> clEnqueueCopyBufferRect(queue, guarded(), m, new long[3], new long[3], RECT,
                16, 0, 16, 0, 0, null, null)).skipOnReference(POCL_NULL_MEM);
        copyRectRow(t, "region with a 0", false, new long[3], new long[3], new long[] {8, 0, 1}, 16, 16,
                CL_INVALID_VALUE);
        copyRectRow(t, "source rect past the end", false, new long[] {0, 14, 0}, new long[3], RECT, 16, 16,
                CL_INVALID_VALUE);
        copyRectRow(t, "destination rect past the end", false, new long[3], new long[] {12, 13, 0}, RECT, 16, 16,
                CL_INVALID_VALUE);
        copyRectRow(t, "src_row_pitch below region[0]", false, new long[3], new long[3], RECT, 4, 16,
                CL_INVALID_VALUE);
        copyRectRow(t, "dst_row_pitch below region[0]", false, new long[3], new long[3], RECT, 16, 4,
                CL_INVALID_VALUE);
        copyRectRow(t, "source origin near Long.MAX_VALUE", false, new long[] {Long.MAX_VALUE - 3, 0, 0},
                new long[3], RECT, 16, 16, CL_INVALID_VALUE);
        copyRectRow(t, "overlapping rects of one buffer", true, new long[3], new long[] {4, 1, 0}, RECT, 16, 16,
                CL_MEM_COPY_OVERLAP);
        copyRectRow(t, "one buffer with different pitches", true, new long[3], new long[] {0, 8, 0},
                new long[] {8, 2, 1}, 16, 32, CL_INVALID_VALUE);
    }

    private void rectSpecificRows(Table t, String entry, RectCall call, boolean reads) {
        memRows(t, entry, "buffer", m -> call.run(m, new long[3], RECT, 16, 0, 8, Pointer.to(host(32))));
        Object[][] cases = {
            {"region with a 0", new long[3], new long[] {8, 4, 0}, 16L, 0L, 8L},
            {"rect past the end of the buffer", new long[] {0, 14, 0}, RECT, 16L, 0L, 8L},
            {"buffer origin near Long.MAX_VALUE", new long[] {Long.MAX_VALUE - 3, 0, 0}, RECT, 16L, 0L, 8L},
            {"buffer_row_pitch below region[0]", new long[3], RECT, 4L, 0L, 8L},
            {"buffer_slice_pitch not a multiple of buffer_row_pitch", new long[3], RECT, 16L, 72L, 8L},
            {"host_row_pitch below region[0]", new long[3], RECT, 16L, 0L, 4L},
        };
        for (Object[] c : cases) {
            long[] origin = (long[]) c[1];
            long[] region = (long[]) c[2];
            t.add(entry, (String) c[0], () -> {
                cl_mem m = guarded();
                byte[] h = reads ? host(64) : bytes(64, 99);
                return () -> call.run(m, origin, region, (Long) c[3], (Long) c[4], (Long) c[5], Pointer.to(h));
            }, CL_INVALID_VALUE);
        }
        t.add(entry, "ptr null", () -> {
            cl_mem m = guarded();
            return () -> call.run(m, new long[3], RECT, 16, 0, 8, null);
        }, CL_INVALID_VALUE);
        t.add(entry, "Pointer holds less than the host rect", () -> {
            cl_mem m = guarded();
            return () -> call.run(m, new long[3], RECT, 16, 0, 8, Pointer.to(new int[1]));
        }, CL_INVALID_VALUE).skipOnReference(reads ? SMALL : SMALL_READ);
    }

    private void copyRectRow(Table t, String kind, boolean oneBuffer, long[] srcOrigin, long[] dstOrigin,
                             long[] region, long srcRow, long dstRow, int code) {
        t.add("clEnqueueCopyBufferRect", kind, () -> {
            cl_mem src = guarded();
            cl_mem dst = oneBuffer ? src : guarded();
            return () -> clEnqueueCopyBufferRect(queue, src, dst, srcOrigin, dstOrigin, region, srcRow, 0, dstRow, 0,
                    0, null, null);
        }, code);
    }

    // ---- image transfers -------------------------------------------------------------------------------------

    /** Rows of a call on one image: null, released, a buffer, an image of another context. */
    private void imageRows(Table t, String entry, String what, Function<cl_mem, Integer> call) {
        t.call(entry, "null " + what, () -> call.apply(null), CL_INVALID_MEM_OBJECT).images();
        t.add(entry, "released " + what, () -> {
            cl_mem m = releasedImage();
            return () -> call.apply(m);
        }, CL_INVALID_MEM_OBJECT).skipOnReference(RELEASED).images();
        t.add(entry, what + ": a buffer, not an image", () -> {
            cl_mem m = guarded();
            return () -> call.apply(m);
        }, CL_INVALID_MEM_OBJECT).images();
        t.add(entry, what + " of another context", () -> {
            cl_mem m = foreignImage();
            return () -> call.apply(m);
        }, CL_INVALID_CONTEXT).images();
    }

    /** Origins and regions outside a 2D image. */
    private void boxRows(Table t, String entry, String prefix, Function<long[][], Integer> call) {
        Object[][] cases = {
            {"region past the image", new long[] {4, 0, 0}, WHOLE},
            {"origin[2] != 0 for a 2D image", new long[] {0, 0, 1}, new long[] {4, 4, 1}},
            {"region[2] != 1 for a 2D image", ORIGIN, new long[] {4, 4, 2}},
            {"origin near Long.MAX_VALUE", new long[] {Long.MAX_VALUE - 3, 0, 0}, new long[] {4, 4, 1}},
        };
        for (Object[] c : cases) {
            long[] origin = (long[]) c[1];
            long[] region = (long[]) c[2];
            t.add(entry, prefix + c[0], () -> () -> call.apply(new long[][] {origin, region}), CL_INVALID_VALUE)
                    .images();
        }
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

    // ---- maps --------------------------------------------------------------------------------------------------

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

    // ---- kernels -----------------------------------------------------------------------------------------------

    private int ndRange(cl_kernel k, int dim, long[] offset, long[] global, long[] local) {
        return clEnqueueNDRangeKernel(queue, k, dim, offset, global, local, 0, null, null);
    }

    /**
     * PoCL 3.1 checks neither the queue nor the wait list of a kernel launch: a null queue and a count without a
     * list crash it, a list with count 0 and an event of another context are accepted (the kernel runs).
     */
    private static void poclKernelWaitList(List<BadInputRow> rows) {
        String unchecked = "PoCL does not check a kernel launch's wait list: the kernel runs";
        for (BadInputRow r : rows) {
            if (r.kind.equals("null command_queue")) {
                r.skipOnReference(POCL_NULL_QUEUE);
            } else if (r.kind.equals("wait list: count > 0, list null")) {
                r.skipOnReference("PoCL does not check a kernel launch's wait list and reads the null list: SIGSEGV");
            } else if (r.kind.equals("wait list: list given, count 0")
                    || r.kind.equals("wait list: event of another context")) {
                r.reference(unchecked, CL_SUCCESS);
            }
        }
    }

    private void kernelLaunches(Table t) {
        String nd = "clEnqueueNDRangeKernel";
        long[] global = {N};
        poclKernelWaitList(enqueueRows(t, nd, () -> {
            cl_kernel k = fillKernel();
            return (q, n, list) -> clEnqueueNDRangeKernel(q, k, 1, null, global, null, n, list, null);
        }));
        String poclNullKernel = "PoCL sizes arrays by the null kernel's argument count before it checks it: SIGSEGV";
        t.call(nd, "null kernel", () -> ndRange(null, 1, null, global, null), CL_INVALID_KERNEL)
                .skipOnReference(poclNullKernel);
        t.add(nd, "released kernel", () -> {
            cl_kernel k = releasedKernel();
            return () -> ndRange(k, 1, null, global, null);
        }, CL_INVALID_KERNEL).skipOnReference(RELEASED);
        t.add(nd, "kernel of another context", () -> {
            cl_kernel k = kernelOf(otherProgram, "fill");
            argMem(k, 0, foreignBuffer());
            argInt(k, 1, 77);
            return () -> ndRange(k, 1, null, global, null);
        }, CL_INVALID_CONTEXT);
        t.add(nd, "arguments not set", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> ndRange(k, 1, null, global, null);
        }, CL_INVALID_KERNEL_ARGS);
        t.add(nd, "one argument not set", () -> {
            cl_kernel k = kernelOf(program, "fill");
            argMem(k, 0, guarded());
            return () -> ndRange(k, 1, null, global, null);
        }, CL_INVALID_KERNEL_ARGS);
        t.add(nd, "work_dim 0", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 0, null, global, null);
        }, CL_INVALID_WORK_DIMENSION);
        t.add(nd, "work_dim 4", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 4, null, new long[] {N, 1, 1, 1}, null);
        }, CL_INVALID_WORK_DIMENSION);
        String poclGlobal = "PoCL 3.1 follows OpenCL 2.1+: an empty NDRange (a global size 0 or none) does nothing";
        t.add(nd, "a global size of 0", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 1, null, new long[] {0}, null);
        }, CL_INVALID_GLOBAL_WORK_SIZE).reference(poclGlobal, CL_SUCCESS);
        t.add(nd, "global_work_size null", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 1, null, null, null);
        }, CL_INVALID_GLOBAL_WORK_SIZE).reference(poclGlobal, CL_SUCCESS);
        t.add(nd, "global size not a multiple of the local size", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 1, null, global, new long[] {3});
        }, CL_INVALID_WORK_GROUP_SIZE);
        t.add(nd, "a local size of 0", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 1, null, global, new long[] {0});
        }, CL_INVALID_WORK_GROUP_SIZE).skipOnReference("PoCL divides the global size by the local size: SIGFPE");
        t.add(nd, "local size above CL_DEVICE_MAX_WORK_GROUP_SIZE", () -> {
            cl_kernel k = fillKernel();
            long max = Info.sizeT(deviceQ(device), CL_DEVICE_MAX_WORK_GROUP_SIZE);
            return () -> ndRange(k, 1, null, new long[] {2 * max}, new long[] {2 * max});
        }, CL_INVALID_WORK_GROUP_SIZE, CL_INVALID_WORK_ITEM_SIZE);
        t.add(nd, "local size above CL_DEVICE_MAX_WORK_ITEM_SIZES[2]", () -> {
            cl_kernel k = fillKernel();
            long[] items = Info.sizeTArray(deviceQ(device), CL_DEVICE_MAX_WORK_ITEM_SIZES);
            long z = items[2] + 1;
            return () -> ndRange(k, 3, null, new long[] {1, 1, z}, new long[] {1, 1, z});
        }, CL_INVALID_WORK_ITEM_SIZE, CL_INVALID_WORK_GROUP_SIZE);
        t.add(nd, "local size other than reqd_work_group_size", () -> {
            cl_kernel k = kernelOf(program, "pairs");
            argMem(k, 0, guarded());
            return () -> ndRange(k, 1, null, global, new long[] {4});
        }, CL_INVALID_WORK_GROUP_SIZE);
        t.add(nd, "no local size for a reqd_work_group_size kernel", () -> {
            cl_kernel k = kernelOf(program, "pairs");
            argMem(k, 0, guarded());
            return () -> ndRange(k, 1, null, global, null);
        }, CL_INVALID_WORK_GROUP_SIZE);
        t.add(nd, "global offset + global size above size_t", () -> {
            cl_kernel k = fillKernel();
            return () -> ndRange(k, 1, new long[] {-16}, global, null);
        }, CL_INVALID_GLOBAL_OFFSET).skipOnReference(
                "PoCL does not check the offset and would run work-items that write far outside the buffer");

        String tk = "clEnqueueTask";
        poclKernelWaitList(enqueueRows(t, tk, () -> {
            cl_kernel k = fillKernel();
            return (q, n, list) -> clEnqueueTask(q, k, n, list, null);
        }));
        t.call(tk, "null kernel", () -> clEnqueueTask(queue, null, 0, null, null), CL_INVALID_KERNEL)
                .skipOnReference(poclNullKernel);
        t.add(tk, "released kernel", () -> {
            cl_kernel k = releasedKernel();
            return () -> clEnqueueTask(queue, k, 0, null, null);
        }, CL_INVALID_KERNEL).skipOnReference(RELEASED);
        t.add(tk, "kernel of another context", () -> {
            cl_kernel k = kernelOf(otherProgram, "fill");
            argMem(k, 0, foreignBuffer());
            argInt(k, 1, 77);
            return () -> clEnqueueTask(queue, k, 0, null, null);
        }, CL_INVALID_CONTEXT);
        t.add(tk, "arguments not set", () -> {
            cl_kernel k = kernelOf(program, "fill");
            return () -> clEnqueueTask(queue, k, 0, null, null);
        }, CL_INVALID_KERNEL_ARGS);
        t.add(tk, "reqd_work_group_size other than (1, 1, 1)", () -> {
            cl_kernel k = kernelOf(program, "pairs");
            argMem(k, 0, guarded());
            return () -> clEnqueueTask(queue, k, 0, null, null);
        }, CL_INVALID_WORK_GROUP_SIZE);
    }

    // ---- markers, barriers and waits ---------------------------------------------------------------------------

    private void markersAndBarriers(Table t) {
        enqueueRows(t, "clEnqueueMarkerWithWaitList",
                () -> (q, n, list) -> clEnqueueMarkerWithWaitList(q, n, list, null));
        enqueueRows(t, "clEnqueueBarrierWithWaitList",
                () -> (q, n, list) -> clEnqueueBarrierWithWaitList(q, n, list, null));

        String mk = "clEnqueueMarker";
        t.call(mk, "null command_queue", () -> clEnqueueMarker(null, newEvent()), CL_INVALID_COMMAND_QUEUE);
        t.add(mk, "released command_queue", () -> {
            cl_command_queue q = releasedQueue();
            return () -> clEnqueueMarker(q, newEvent());
        }, CL_INVALID_COMMAND_QUEUE).skipOnReference(RELEASED);
        t.call(mk, "event null", () -> clEnqueueMarker(queue, null), CL_INVALID_VALUE);

        refRows(t, "clEnqueueBarrier", "command_queue", CL_INVALID_COMMAND_QUEUE, CL::clEnqueueBarrier,
                this::releasedQueue);

        String we = "clEnqueueWaitForEvents";
        String poclList = "PoCL checks the list as a wait list: CL_INVALID_EVENT_WAIT_LIST";
        t.call(we, "null command_queue", () -> clEnqueueWaitForEvents(null, 1, new cl_event[] {done()}),
                CL_INVALID_COMMAND_QUEUE);
        t.add(we, "released command_queue", () -> {
            cl_command_queue q = releasedQueue();
            cl_event[] list = {done()};
            return () -> clEnqueueWaitForEvents(q, 1, list);
        }, CL_INVALID_COMMAND_QUEUE).skipOnReference(RELEASED);
        t.call(we, "num_events 0, event_list null", () -> clEnqueueWaitForEvents(queue, 0, null), CL_INVALID_VALUE)
                .skipOnReference("PoCL accepts an empty list as a valid wait list, then aborts the process: "
                        + "its clEnqueueWaitForEvents is unimplemented beyond the checks");
        t.call(we, "num_events > 0, event_list null", () -> clEnqueueWaitForEvents(queue, 1, null), CL_INVALID_VALUE)
                .reference(poclList, CL_INVALID_EVENT_WAIT_LIST);
        t.call(we, "null event in the list", () -> clEnqueueWaitForEvents(queue, 1, new cl_event[] {null}),
                CL_INVALID_EVENT).referenceThrows(NullPointerException.class, JOCL_NPE);
        t.add(we, "released event", () -> {
            cl_event[] list = {releasedEvent()};
            return () -> clEnqueueWaitForEvents(queue, 1, list);
        }, CL_INVALID_EVENT).skipOnReference(RELEASED);
        t.call(we, "event of another context", () -> clEnqueueWaitForEvents(queue, 1, new cl_event[] {foreignDone()}),
                CL_INVALID_CONTEXT);
    }
}
