package org.jocl;

/** Properties for clCreateSubDevices. */
public final class cl_device_partition_property extends cl_abstract_properties {

    public cl_device_partition_property() {
    }

    /** Adds a property whose value is a platform handle. */
    public void addProperty(long id, cl_platform_id value) {
        addProperty(id, value.getNativePointer());
    }

    @Override
    protected String propertyString(long value) {
        return CL.stringFor_cl_device_partition_property((int) value);
    }

    @Override
    public String toString() {
        return describe("cl_device_partition_property");
    }
}
