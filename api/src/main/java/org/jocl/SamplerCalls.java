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
        return Status.create(errcode_ret, () -> {
            ClContext c = Handles.context(context);
            boolean addressingKnown = addressing_mode == CL_ADDRESS_NONE || addressing_mode == CL_ADDRESS_CLAMP_TO_EDGE
                    || addressing_mode == CL_ADDRESS_CLAMP || addressing_mode == CL_ADDRESS_REPEAT
                    || addressing_mode == CL_ADDRESS_MIRRORED_REPEAT;
            boolean repeats = addressing_mode == CL_ADDRESS_REPEAT || addressing_mode == CL_ADDRESS_MIRRORED_REPEAT;
            ClError.require(addressingKnown && (filter_mode == CL_FILTER_NEAREST || filter_mode == CL_FILTER_LINEAR)
                    && (normalized_coords || !repeats), CL_INVALID_VALUE, "invalid sampler settings");
            return Handles.bind(new cl_sampler(), c.createSampler(normalized_coords, addressing_mode, filter_mode));
        });
    }

    /** An OpenCL 2.0 entry point: OmniCL devices are OpenCL 1.2 devices. */
    static cl_sampler clCreateSamplerWithProperties(cl_context context, cl_sampler_properties properties,
                                                    int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
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
