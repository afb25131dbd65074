package org.jocl;

/** Properties for clCreateSamplerWithProperties. */
public final class cl_sampler_properties extends cl_abstract_properties {

    public cl_sampler_properties() {
    }

    /** Adds a boolean property, e.g. {@code CL_SAMPLER_NORMALIZED_COORDS}. */
    public void addProperty(long id, boolean value) {
        addProperty(id, value ? 1 : 0);
    }

    /** Adds a float property, stored as its bits. */
    public void addProperty(long id, float value) {
        addProperty(id, Float.floatToIntBits(value));
    }

    @Override
    protected String propertyString(long value) {
        return CL.stringFor_cl_sampler_info((int) value);
    }

    @Override
    public String toString() {
        return describe("cl_sampler_properties");
    }
}
