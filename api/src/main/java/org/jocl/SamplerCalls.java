package org.jocl;

import java.nio.ByteBuffer;

/** Entry points of {@link CL}: not implemented yet. */
final class SamplerCalls {

    private SamplerCalls() {
    }

    static cl_sampler clCreateSamplerWithProperties(cl_context context, cl_sampler_properties properties, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static cl_sampler clCreateSampler(cl_context context, boolean normalized_coords, int addressing_mode, int filter_mode, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clRetainSampler(cl_sampler sampler) {
        return Status.unsupported();
    }

    static int clReleaseSampler(cl_sampler sampler) {
        return Status.unsupported();
    }

    static int clGetSamplerInfo(cl_sampler sampler, int param_name, long param_value_size, Pointer param_value, long[] param_value_size_ret) {
        return Status.unsupported();
    }
}
