package io.omnicl.runtime;

import io.omnicl.driver.InfoValue;
import io.omnicl.spi.DeviceInfo;
import io.omnicl.spi.DeviceParam;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongBinaryOperator;

import static io.omnicl.driver.OpenClConstants.*;

/**
 * What an OmniCL device answers to {@code clGetDeviceInfo}. A pinned device answers as its real device,
 * a virtual device as the combination of its real devices (limits by minimum, capacities by sum,
 * capabilities by union or intersection), except where the runtime itself decides: it is an OpenCL 1.2
 * device of the OmniCL platform with out-of-order queues, no partitioning and only the extensions OmniCL
 * can honour.
 */
final class DeviceInfoRules {

    static final String OPENCL_VERSION = "OpenCL 1.2";

    /**
     * Kernel-language extensions, which OmniCL passes through. Host-API extensions (GL sharing, ICD,
     * command buffers, vendor queries) are left out because the facade does not offer them.
     */
    private static final Set<String> PASSED_EXTENSIONS = Set.of(
            "cl_khr_fp64", "cl_khr_fp16", "cl_khr_byte_addressable_store",
            "cl_khr_global_int32_base_atomics", "cl_khr_global_int32_extended_atomics",
            "cl_khr_local_int32_base_atomics", "cl_khr_local_int32_extended_atomics",
            "cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics", "cl_khr_3d_image_writes",
            "cl_khr_select_fprounding_mode", "cl_khr_integer_dot_product", "cl_khr_extended_bit_ops",
            "cl_khr_expect_assume", "cl_khr_subgroup_shuffle", "cl_khr_subgroup_shuffle_relative",
            "cl_khr_subgroup_extended_types", "cl_khr_subgroup_non_uniform_arithmetic",
            "cl_khr_subgroup_ballot", "cl_khr_subgroup_clustered_reduce", "cl_khr_subgroup_non_uniform_vote",
            "cl_khr_subgroup_rotate", "cl_nv_pragma_unroll", "cl_nv_compiler_options", "cl_amd_fp64",
            "cl_amd_media_ops", "cl_amd_media_ops2", "cl_amd_printf", "cl_intel_subgroups",
            "cl_intel_subgroups_short", "cl_intel_required_subgroup_size");

    private enum Rule { MIN, MAX, SUM, OR, AND, FIRST }

    private DeviceInfoRules() {
    }

    /**
     * The values of a device over {@code reals}, every parameter but the handles.
     *
     * @param virtualDevice whether the device stands for all of them, rather than pinned to the one
     */
    static DeviceInfo values(List<DeviceInfo> reals, boolean virtualDevice, String omniclVersion) {
        Map<DeviceParam, Object> v = new EnumMap<>(DeviceParam.class);
        for (DeviceParam p : DeviceParam.values()) {
            Object combined = combine(p, reals);
            if (combined != null) {
                v.put(p, combined);
            }
        }
        v.put(DeviceParam.QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE);
        v.put(DeviceParam.EXECUTION_CAPABILITIES, CL_EXEC_KERNEL);
        v.put(DeviceParam.BUILT_IN_KERNELS, "");
        v.put(DeviceParam.PARTITION_MAX_SUB_DEVICES, 0L);
        v.put(DeviceParam.PARTITION_PROPERTIES, new long[] {0});
        v.put(DeviceParam.PARTITION_AFFINITY_DOMAIN, 0L);
        v.put(DeviceParam.PARTITION_TYPE, new long[] {0});
        v.put(DeviceParam.REFERENCE_COUNT, 1L);
        v.put(DeviceParam.PREFERRED_INTEROP_USER_SYNC, 1L);
        v.put(DeviceParam.OPENCL_C_VERSION, "OpenCL C " + lowestCVersion(reals) + " ");
        v.put(DeviceParam.EXTENSIONS, extensions(reals));
        if (virtualDevice) {
            v.put(DeviceParam.NAME, "OmniCL virtual device (" + reals.size() + " devices)");
            v.put(DeviceParam.VENDOR, "OmniCL");
            v.put(DeviceParam.VENDOR_ID, 0L);
            v.put(DeviceParam.DRIVER_VERSION, omniclVersion);
            v.put(DeviceParam.VERSION, OPENCL_VERSION + " OmniCL " + omniclVersion);
            v.put(DeviceParam.HOST_UNIFIED_MEMORY, 0L);
            // MAX_MEM_ALLOC_SIZE stays the largest real device's: Device answers with its VirtualAllocLimit
        } else {
            v.put(DeviceParam.VERSION, OPENCL_VERSION + " OmniCL " + omniclVersion + " over "
                    + reals.get(0).getString(DeviceParam.VERSION));
        }
        DeviceInfo.Builder b = DeviceInfo.builder();
        v.forEach(b::put);
        return b.build();
    }

    /** Every answer of a device with these values, as {@code clGetDeviceInfo} encodes them. */
    static Map<Integer, InfoValue> answers(DeviceInfo values, Object platform) {
        Map<Integer, InfoValue> answers = new HashMap<>();
        for (DeviceParam p : DeviceParam.values()) {
            if (values.has(p)) {
                answers.put(p.code(), encode(p, values.get(p)));
            }
        }
        answers.put(DeviceParam.PLATFORM.code(), InfoValue.ofHandle(platform));
        answers.put(DeviceParam.PARENT_DEVICE.code(), InfoValue.ofHandle(null));
        return answers;
    }

    private static Rule rule(DeviceParam p) {
        switch (p) {
            case TYPE:
            case COMPILER_AVAILABLE:
            case LINKER_AVAILABLE:
            case AVAILABLE:
                return Rule.OR;
            case MAX_COMPUTE_UNITS:
            case GLOBAL_MEM_SIZE:
                return Rule.SUM;
            case MAX_CLOCK_FREQUENCY:
            case MAX_MEM_ALLOC_SIZE:
            case MEM_BASE_ADDR_ALIGN:
            case MIN_DATA_TYPE_ALIGN_SIZE:
            case PROFILING_TIMER_RESOLUTION:
            case LOCAL_MEM_TYPE:
                return Rule.MAX;
            case SINGLE_FP_CONFIG:
            case ERROR_CORRECTION_SUPPORT:
            case ENDIAN_LITTLE:
            case HOST_UNIFIED_MEMORY:
            case IMAGE_SUPPORT:
                return Rule.AND;
            case NAME:
            case VENDOR:
            case DRIVER_VERSION:
            case PROFILE:
            case VERSION:
            case EXTENSIONS:
            case OPENCL_C_VERSION:
            case BUILT_IN_KERNELS:
            case VENDOR_ID:
                return Rule.FIRST;
            default:
                return Rule.MIN;
        }
    }

    /** The combined value over the devices that answer {@code p}, or null if none does. */
    private static Object combine(DeviceParam p, List<DeviceInfo> reals) {
        Object result = null;
        for (DeviceInfo info : reals) {
            if (!info.has(p)) {
                continue;
            }
            Object value = info.get(p);
            if (result == null) {
                result = value;
            } else if (value instanceof long[] array) {
                result = elementwiseMin((long[]) result, array);
            } else if (value instanceof Long l) {
                result = apply(rule(p), p, (Long) result, l);
            }
        }
        if (p == DeviceParam.PROFILE && reals.stream().anyMatch(i -> !i.getString(p).equals("FULL_PROFILE"))) {
            return "EMBEDDED_PROFILE";
        }
        return result;
    }

    private static long apply(Rule rule, DeviceParam p, long a, long b) {
        LongBinaryOperator op;
        switch (rule) {
            case SUM:
                op = Long::sum;
                break;
            case MAX:
                op = Math::max;
                break;
            case OR:
                op = (x, y) -> x | y;
                break;
            case AND:
                op = (x, y) -> x & y;
                break;
            case FIRST:
                op = (x, y) -> x;
                break;
            default:
                op = Math::min;
        }
        if ((p == DeviceParam.DOUBLE_FP_CONFIG || p == DeviceParam.HALF_FP_CONFIG) && (a == 0 || b == 0)) {
            // a device without the type does not restrict those that have it
            return a | b;
        }
        if (p == DeviceParam.DOUBLE_FP_CONFIG || p == DeviceParam.HALF_FP_CONFIG) {
            return a & b;
        }
        return op.applyAsLong(a, b);
    }

    private static long[] elementwiseMin(long[] a, long[] b) {
        long[] r = new long[Math.min(a.length, b.length)];
        for (int i = 0; i < r.length; i++) {
            r[i] = Math.min(a[i], b[i]);
        }
        return r;
    }

    /** The lowest {@code OpenCL C x.y} any device supports, capped at 1.2. */
    private static String lowestCVersion(List<DeviceInfo> reals) {
        int lowest = 12;
        for (DeviceInfo info : reals) {
            String[] words = info.getString(DeviceParam.OPENCL_C_VERSION).trim().split("\\s+");
            if (words.length >= 3) {
                String[] mm = words[2].split("\\.");
                try {
                    lowest = Math.min(lowest, Integer.parseInt(mm[0]) * 10 + Integer.parseInt(mm[1]));
                } catch (RuntimeException e) {
                    // an unparsable answer does not lower the version
                }
            }
        }
        return lowest / 10 + "." + lowest % 10;
    }

    /** The passed-through extensions any of the devices has, in first-seen order. */
    private static String extensions(List<DeviceInfo> reals) {
        Set<String> union = new LinkedHashSet<>();
        for (DeviceInfo info : reals) {
            for (String e : info.getString(DeviceParam.EXTENSIONS).trim().split("\\s+")) {
                if (PASSED_EXTENSIONS.contains(e)) {
                    union.add(e);
                }
            }
        }
        return String.join(" ", union);
    }

    static InfoValue encode(DeviceParam p, Object value) {
        switch (p.type()) {
            case UINT:
            case BOOL:
                return InfoValue.ofInt((Long) value);
            case STRING:
                return InfoValue.ofString((String) value);
            case SIZE_T_ARRAY:
            case PROPERTIES:
                return InfoValue.ofLongs((long[]) value);
            default:
                return InfoValue.ofLong((Long) value);
        }
    }
}
