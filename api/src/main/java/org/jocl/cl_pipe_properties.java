package org.jocl;

/** Properties for clCreatePipe. */
public final class cl_pipe_properties extends cl_abstract_properties {

    public cl_pipe_properties() {
    }

    /** OpenCL defines no pipe properties yet, so JOCL names none. */
    @Override
    protected String propertyString(long value) {
        return "(unknown)";
    }

    @Override
    public String toString() {
        return describe("cl_pipe_properties");
    }
}
