package org.jocl;

/** Properties for clCreatePipe. */
public final class cl_pipe_properties extends cl_abstract_properties {

    public cl_pipe_properties() {
    }

    @Override
    public void addProperty(long id, long value) {
        super.addProperty(id, value);
    }

    @Override
    protected String propertyString(long value) {
        return CL.stringFor_cl_pipe_info((int) value);
    }

    @Override
    public String toString() {
        return describe("cl_pipe_properties");
    }
}
