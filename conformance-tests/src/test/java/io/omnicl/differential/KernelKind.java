package io.omnicl.differential;

import java.util.List;

/**
 * The fixed set of small kernels a generated program may run. Each work-item {@code i} writes element {@code i}
 * (of {@code uint}s) of its output, or another one ({@link #GROUP_SUM}: one per work-group; {@link #SCATTER}: one
 * at an index read from memory), or, for {@link #ATOMIC_SUM}, adds to element 0 atomically; it reads element
 * {@code i} of each input, or also others (its work-group's, behind a barrier; the element before; one at an index
 * read from memory). The result depends neither on the order of work-items nor on how a launch is cut. An output
 * argument may alias an input argument that starts at the same byte without making the result depend on the order
 * of work-items, unless {@link #touchesOthers}.
 *
 * <p>Launches have a local size from {@link #LOCAL_SIZES} (0: none given, except where {@link #needsLocalSize}),
 * a global size up to {@link #MAX_GLOBAL_SIZE}, and any global offset that keeps them in range.
 */
enum KernelKind {

    /** c[i] = a[i] + b[i] */
    ADD("add", List.of(Role.IN, Role.IN, Role.OUT), false, false),
    /** a[i] = a[i] * 3 + 1, in place */
    TRIPLE_PLUS_ONE("triple_plus_one", List.of(Role.IN_OUT), false, false),
    /** b[i] = a[i] ^ 0x5a5a5a5a */
    XOR_MASK("xor_mask", List.of(Role.IN, Role.OUT), false, false),
    /** b[i] = a[mirror of i in its work-group] + group id, through a __local scratch and a barrier */
    REVERSE_IN_GROUP("reverse_in_group", List.of(Role.IN, Role.OUT), true, false),
    /** b[i] = a[i] * k + i, with a scalar argument k */
    SCALE_ADD_INDEX("scale_add_index", List.of(Role.IN, Role.OUT), false, true),
    /** b[i] = 2 a[i] + a[i - 1] (a[i] alone at 0): a stencil, reading the element before its own */
    NEIGHBOURS("neighbours", List.of(Role.IN, Role.OUT), false, false),
    /** c[i] = b[0] or b[i], as a[i] is even or odd: a read at an index read from memory */
    GATHER("gather", List.of(Role.IN, Role.IN, Role.OUT), false, false),
    /** b[0] += a[i] & 7 for every i, atomically: work-items that meet in one word */
    ATOMIC_SUM("atomic_sum", List.of(Role.IN, Role.IN_OUT), false, false),
    /** b[i] = a[i] + 7, launched in 2D as rows ({@link LaunchShape}): element i = y * width + x */
    ROWS("rows", List.of(Role.IN, Role.OUT), false, false),
    /**
     * b[i] = a[i] * 5 + 3, launched in 3D as planes of rows ({@link LaunchShape}): element
     * i = (z * height + y) * width + x, so that launches are cut along z
     */
    VOLUME("volume", List.of(Role.IN, Role.OUT), false, false),
    /** b[i] = a[i] + the launch's global size, global offset and work dimensions, each weighed differently */
    GEOMETRY("geometry", List.of(Role.IN, Role.OUT), false, false),
    /**
     * b[i] = a[i] + the number of work-groups, the group id, the local size and the local id, each weighed
     * differently; always launched with a local size ({@link #needsLocalSize})
     */
    GROUP_GEOMETRY("group_geometry", List.of(Role.IN, Role.OUT), false, false),
    /**
     * b[group id] = the sum of a over the work-group, reduced in a __local scratch between barriers and written by
     * the group's first work-item: an output element that is not the work-item's own, and that a part of a cut
     * launch only finds if it is told the group ids of the whole launch
     */
    GROUP_SUM("group_sum", List.of(Role.IN, Role.OUT), true, false),
    /**
     * c[j] = b[j] * 5 + j at j = i - (a[i] & 7) (i itself where that would be below 0): a write at an index read from
     * memory, whose value depends on the index only, so work-items that meet at an element write the same
     */
    SCATTER("scatter", List.of(Role.IN, Role.IN, Role.OUT), false, false),
    /**
     * b[i] = a[i] stepped a[i] &amp; 15 times through a loop whose count is read from memory: an irregular kernel, cut
     * into blocks the devices take as they free up, two at a time on one device
     */
    IRREGULAR("irregular", List.of(Role.IN, Role.OUT), false, false),
    /**
     * c[i] = b[0] or b[i] (as {@link #GATHER}) stepped a[i] &amp; 7 times through a loop whose count is read from
     * memory: an irregular kernel that reads all of one input, which the first block a device takes moves there
     */
    IRREGULAR_GATHER("irregular_gather", List.of(Role.IN, Role.IN, Role.OUT), false, false);

    /** How a kernel uses one of its buffer arguments. */
    enum Role {
        IN, OUT, IN_OUT;

        boolean writes() {
            return this != IN;
        }

        boolean reads() {
            return this != OUT;
        }
    }

    static final String SOURCE = String.join("\n",
            "__kernel void add(const __global uint* a, const __global uint* b, __global uint* c) {",
            "    size_t i = get_global_id(0);",
            "    c[i] = a[i] + b[i];",
            "}",
            "__kernel void triple_plus_one(__global uint* a) {",
            "    size_t i = get_global_id(0);",
            "    a[i] = a[i] * 3u + 1u;",
            "}",
            "__kernel void xor_mask(const __global uint* a, __global uint* b) {",
            "    size_t i = get_global_id(0);",
            "    b[i] = a[i] ^ 0x5a5a5a5au;",
            "}",
            "__kernel void reverse_in_group(const __global uint* a, __global uint* b, __local uint* scratch) {",
            "    size_t l = get_local_id(0);",
            "    size_t n = get_local_size(0);",
            "    size_t i = get_global_id(0);",
            "    scratch[l] = a[i];",
            "    barrier(CLK_LOCAL_MEM_FENCE);",
            "    b[i] = scratch[n - 1 - l] + (uint) get_group_id(0);",
            "}",
            "__kernel void scale_add_index(const __global uint* a, __global uint* b, uint k) {",
            "    size_t i = get_global_id(0);",
            "    b[i] = a[i] * k + (uint) i;",
            "}",
            "__kernel void neighbours(const __global uint* a, __global uint* b) {",
            "    size_t i = get_global_id(0);",
            "    if (i > 0) {",
            "        b[i] = 2u * a[i] + a[i - 1];",
            "    } else {",
            "        b[i] = a[i];",
            "    }",
            "}",
            "__kernel void gather(const __global uint* a, const __global uint* b, __global uint* c) {",
            "    size_t i = get_global_id(0);",
            "    c[i] = b[(a[i] & 1u) * i];",
            "}",
            "__kernel void atomic_sum(const __global uint* a, __global uint* b) {",
            "    atomic_add(&b[0], a[get_global_id(0)] & 7u);",
            "}",
            "__kernel void rows(const __global uint* a, __global uint* b) {",
            "    size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);",
            "    b[i] = a[i] + 7u;",
            "}",
            "__kernel void volume(const __global uint* a, __global uint* b) {",
            "    size_t i = (get_global_id(2) * get_global_size(1) + get_global_id(1)) * get_global_size(0)",
            "            + get_global_id(0);",
            "    b[i] = a[i] * 5u + 3u;",
            "}",
            "__kernel void geometry(const __global uint* a, __global uint* b) {",
            "    size_t i = get_global_id(0);",
            "    b[i] = a[i] + (uint) get_global_size(0) * 3u + (uint) get_global_offset(0) * 1000u",
            "            + get_work_dim() * 1000000u;",
            "}",
            "__kernel void group_geometry(const __global uint* a, __global uint* b) {",
            "    size_t i = get_global_id(0);",
            "    b[i] = a[i] + (uint) get_num_groups(0) * 3u + (uint) get_group_id(0) * 1000u",
            "            + (uint) get_local_size(0) * 1000000u + (uint) get_local_id(0) * 100000000u;",
            "}",
            "__kernel void group_sum(const __global uint* a, __global uint* b, __local uint* scratch) {",
            "    size_t l = get_local_id(0);",
            "    scratch[l] = a[get_global_id(0)];",
            "    barrier(CLK_LOCAL_MEM_FENCE);",
            "    // a tree, as local sizes are powers of two",
            "    for (size_t stride = get_local_size(0) / 2; stride > 0; stride /= 2) {",
            "        if (l < stride) {",
            "            scratch[l] += scratch[l + stride];",
            "        }",
            "        barrier(CLK_LOCAL_MEM_FENCE);",
            "    }",
            "    if (l == 0) {",
            "        b[get_group_id(0)] = scratch[0];",
            "    }",
            "}",
            "__kernel void scatter(const __global uint* a, const __global uint* b, __global uint* c) {",
            "    size_t i = get_global_id(0);",
            "    uint back = a[i] & 7u;",
            "    size_t j = back <= i ? i - back : i;",
            "    c[j] = b[j] * 5u + (uint) j;",
            "}",
            "__kernel void irregular(const __global uint* a, __global uint* b) {",
            "    size_t i = get_global_id(0);",
            "    uint n = a[i] & 15u;",
            "    uint s = a[i];",
            "    while (n > 0u) {",
            "        s = s * 3u + n;",
            "        n--;",
            "    }",
            "    b[i] = s;",
            "}",
            "__kernel void irregular_gather(const __global uint* a, const __global uint* b, __global uint* c) {",
            "    size_t i = get_global_id(0);",
            "    uint n = a[i] & 7u;",
            "    uint s = b[(a[i] & 1u) * i];",
            "    while (n > 0u) {",
            "        s = s * 5u + n;",
            "        n--;",
            "    }",
            "    c[i] = s;",
            "}",
            "");

    /** Bytes of one element. */
    static final int ELEMENT = 4;
    /** The local sizes launches use; 0 leaves the choice to the device, except where {@link #needsLocalSize}. */
    static final List<Integer> LOCAL_SIZES = List.of(0, 1, 2, 4, 8, 16);
    /** The largest global size: one work-item per element of the largest buffer. */
    static final int MAX_GLOBAL_SIZE = ProgramBuilder.MAX_BUFFER_SIZE / ELEMENT;

    final String functionName;
    /** Roles of the buffer arguments, which come first, in order. */
    final List<Role> roles;
    /** Whether a __local uint scratch of local-size elements follows the buffer arguments. */
    final boolean usesLocalScratch;
    /** Whether a uint scalar follows the buffer arguments. */
    final boolean usesScalar;

    /** The dimensions of the launch: elements are laid out in rows or planes as {@link LaunchShape} says. */
    int workDim() {
        return switch (this) {
            case ROWS -> 2;
            case VOLUME -> 3;
            default -> 1;
        };
    }

    /**
     * Whether every launch gives a local size: the kernel's result depends on its work-groups, which a device
     * picks as it likes when none is given.
     */
    boolean needsLocalSize() {
        return usesLocalScratch || this == GROUP_GEOMETRY;
    }

    /**
     * Whether a work-item's reads or writes may meet what other work-items write or read, were an output to alias an
     * input (it reads elements other than its own outside a barrier, writes an element other than its own, or all add
     * to one): then a written argument must not overlap another argument at all, or the result would depend on the
     * order of work-items.
     */
    boolean touchesOthers() {
        return switch (this) {
            case NEIGHBOURS, GATHER, ATOMIC_SUM, GROUP_SUM, SCATTER, IRREGULAR_GATHER -> true;
            default -> false;
        };
    }

    KernelKind(String functionName, List<Role> roles, boolean usesLocalScratch, boolean usesScalar) {
        this.functionName = functionName;
        this.roles = roles;
        this.usesLocalScratch = usesLocalScratch;
        this.usesScalar = usesScalar;
    }
}
