package org.jocl;

/** Properties for clCreateCommandQueueWithProperties. */
public final class cl_queue_properties extends cl_abstract_properties {

    public cl_queue_properties() {
    }

    /** JOCL names only the two properties a queue takes. */
    @Override
    protected String propertyString(long value) {
        if (value == CL.CL_QUEUE_PROPERTIES) {
            return "CL_QUEUE_PROPERTIES";
        }
        return value == CL.CL_QUEUE_SIZE ? "CL_QUEUE_SIZE" : "(unknown)";
    }

    @Override
    public String toString() {
        return describe("cl_queue_properties");
    }
}
