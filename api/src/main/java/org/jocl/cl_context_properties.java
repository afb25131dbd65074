package org.jocl;

/** Properties for clCreateContext. */
public final class cl_context_properties extends cl_abstract_properties {

    public cl_context_properties() {
    }

    /** Adds a property whose value is a platform, e.g. {@code CL_CONTEXT_PLATFORM}. */
    public void addProperty(long id, cl_platform_id value) {
        addProperty(id, value.getNativePointer());
    }

    @Override
    protected String propertyString(long value) {
        return CL.stringFor_cl_context_properties((int) value);
    }

    @Override
    public String toString() {
        return describe("cl_context_properties");
    }
}
