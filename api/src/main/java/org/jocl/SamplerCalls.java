package org.jocl;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClError;

import static org.jocl.CL.*;

/** Samplers. */
final class SamplerCalls {

    private SamplerCalls() {
    }

    static cl_sampler clCreateSampler(cl_context context, boolean normalized_coords, int addressing_mode,
                                      int filter_mode, int[] errcode_ret) {
        return Status.create(errcode_ret, () -> create(context, normalized_coords, addressing_mode, filter_mode));
    }

    /**
     * OpenCL 2.0's form, which a 1.2 device can honour: each of {@code CL_SAMPLER_NORMALIZED_COORDS},
     * {@code _ADDRESSING_MODE} and {@code _FILTER_MODE} at most once, the others at their defaults.
     */
    static cl_sampler clCreateSamplerWithProperties(cl_context context, cl_sampler_properties properties,
                                                    int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            boolean normalized = true;
            int addressing = CL_ADDRESS_CLAMP;
            int filter = CL_FILTER_NEAREST;
            long seen = 0;
            long[] pairs = properties == null ? new long[0] : properties.entries();
            for (int i = 0; i + 1 < pairs.length; i += 2) {
                int name = (int) pairs[i];
                long bit = 1L << (name - CL_SAMPLER_NORMALIZED_COORDS);
                ClError.require(name >= CL_SAMPLER_NORMALIZED_COORDS && name <= CL_SAMPLER_FILTER_MODE
                        && (seen & bit) == 0, CL_INVALID_VALUE, "unknown or repeated sampler property ", name);
                seen |= bit;
                if (name == CL_SAMPLER_NORMALIZED_COORDS) {
                    normalized = pairs[i + 1] != 0;
                } else if (name == CL_SAMPLER_ADDRESSING_MODE) {
                    addressing = (int) pairs[i + 1];
                } else {
                    filter = (int) pairs[i + 1];
                }
            }
            return create(context, normalized, addressing, filter);
        });
    }

    private static cl_sampler create(cl_context context, boolean normalized_coords, int addressing_mode,
                                     int filter_mode) {
        ClContext c = Handles.context(context);
        boolean addressingKnown = addressing_mode == CL_ADDRESS_NONE || addressing_mode == CL_ADDRESS_CLAMP_TO_EDGE
                || addressing_mode == CL_ADDRESS_CLAMP || addressing_mode == CL_ADDRESS_REPEAT
                || addressing_mode == CL_ADDRESS_MIRRORED_REPEAT;
        boolean repeats = addressing_mode == CL_ADDRESS_REPEAT || addressing_mode == CL_ADDRESS_MIRRORED_REPEAT;
        ClError.require(addressingKnown && (filter_mode == CL_FILTER_NEAREST || filter_mode == CL_FILTER_LINEAR)
                && (normalized_coords || !repeats), CL_INVALID_VALUE, "invalid sampler settings");
        return Handles.bind(new cl_sampler(), c.createSampler(normalized_coords, addressing_mode, filter_mode));
    }

    static int clRetainSampler(cl_sampler sampler) {
        return Status.run(() -> {
            Handles.sampler(sampler).retain();
            return CL_SUCCESS;
        });
    }

    static int clReleaseSampler(cl_sampler sampler) {
        return Status.run(() -> {
            Handles.sampler(sampler).release();
            return CL_SUCCESS;
        });
    }

    static int clGetSamplerInfo(cl_sampler sampler, int param_name, long param_value_size, Pointer param_value,
                                long[] param_value_size_ret) {
        return Info.query(() -> Handles.sampler(sampler).info(param_name), param_value_size, param_value,
                param_value_size_ret);
    }
}
