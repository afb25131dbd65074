package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_mem;
import org.junit.jupiter.api.AfterAll;
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
 * <p>The table is split by API family into the {@code BadInput*Test} classes; each adds every row of the
 * entry points it covers ({@link #addRows}), since the first row of an entry point is the one that also runs
 * with exceptions enabled. Together they hold 695 rows over 85 entry points and 279 classes of argument;
 * {@link #printMatrix} prints each class's counts. Where the reference (the real JOCL over PoCL 3.1) answers
 * differently from OpenCL 1.2, the row says so and accepts the reference's answer on the reference only;
 * where the real JOCL would crash the JVM (a released handle is a dangling pointer; a Pointer smaller than
 * the size lets the driver write past a Java array), the row runs on OmniCL only.
 */
abstract class BadInputTestBase extends BadInputFixtures {

    /** An info param_name no version of OpenCL defines. */
    static final int UNKNOWN_PARAM = 0x7A5A;
    /** A bit no version of OpenCL defines in cl_mem_flags, cl_map_flags or queue properties. */
    static final long UNKNOWN_BIT = 1L << 40;

    static final String RELEASED = "a released handle is a dangling pointer for the real JOCL and the driver";
    static final String SMALL = "the real JOCL passes the Java array itself: the driver would write past it";
    static final String SMALL_READ = "the real JOCL passes the Java array itself: the driver would read past it";
    static final String JOCL_NPE = "the real JOCL throws NullPointerException for a null in a handle array";
    static final String JOCL_USER_DATA =
            "the real JOCL hands user_data to OpenCL only with a callback of its own: the call succeeds";
    static final String POCL_NULL_MEM =
            "PoCL reads the context of the null memory object before it checks the object: SIGSEGV";
    static final String POCL_SUBDEVICE = "with a single PoCL device the device outside the context is a "
            + "sub-device of the context's device, which PoCL accepts in its parent's place";

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
        System.out.println(getClass().getSimpleName() + " matrix: " + rows.size() + " rows = " + entries.size()
                + " entry points x their invalid-argument classes (" + kinds.size() + " distinct classes); "
                + omniOnly + " rows OmniCL-only, " + deviations + " rows with a documented reference deviation, "
                + rows.stream().filter(r -> r.exceptions).count() + " rows also run with exceptions enabled");
    }

    // ---- the table -------------------------------------------------------------------------------------------

    List<BadInputRow> table() {
        Table t = new Table();
        addRows(t);
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

    /** Adds the rows of this class's entry points, every row of each of them. */
    protected abstract void addRows(Table t);

    // ---- row generators ------------------------------------------------------------------------------------

    /** The table under construction. */
    protected final class Table {
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
    protected <H> List<BadInputRow> infoRows(Table t, String entry, String handle, int invalid, Supplier<H> valid,
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
        return made;
    }

    /** Retain or release: a null handle, and a released one (for a release, a second release). */
    protected <H> void refRows(Table t, String entry, String handle, int invalid, Function<H, Integer> call,
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
    protected List<BadInputRow> enqueueRows(Table t, String entry, EnqueueSetup setup) {
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

    protected static List<BadInputRow> needImages(List<BadInputRow> rows) {
        rows.forEach(BadInputRow::images);
        return rows;
    }

    /** Rows of a call on one buffer: null, released, an image, a buffer of another context. */
    protected BadInputRow memRows(Table t, String entry, String what, Function<cl_mem, Integer> call) {
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

    /** A call on a range of a checked BYTES-byte buffer. */
    @FunctionalInterface
    interface RangeCall {
        int run(cl_mem m, long offset, long size);
    }

    protected void rangeRows(Table t, String entry, RangeCall call) {
        rangeRows(t, "", entry, call);
    }

    /** Offsets and sizes out of range, also where offset + size wraps a signed 64-bit sum. */
    protected void rangeRows(Table t, String prefix, String entry, RangeCall call) {
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

    /** Rows of a call on one image: null, released, a buffer, an image of another context. */
    protected void imageRows(Table t, String entry, String what, Function<cl_mem, Integer> call) {
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
    protected void boxRows(Table t, String entry, String prefix, Function<long[][], Integer> call) {
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
}
