package org.jocl;

/** Properties for clCreateCommandQueueWithProperties. */
public final class cl_queue_properties extends cl_abstract_properties {

    public cl_queue_properties() {
    }

    @Override
    public void addProperty(long id, long value) {
        super.addProperty(id, value);
    }

    @Override
    protected String propertyString(long value) {
        return CL.stringFor_cl_command_queue_info((int) value);
    }

    @Override
    public String toString() {
        return describe("cl_queue_properties");
    }
}
