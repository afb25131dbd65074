package org.jocl;

/** An image format: channel order and channel data type. */
public final class cl_image_format {

    public int image_channel_order;
    public int image_channel_data_type;

    public cl_image_format() {
    }

    @Override
    public String toString() {
        return "cl_image_format[image_channel_order=" + CL.stringFor_cl_channel_order(image_channel_order)
                + ",image_channel_data_type=" + CL.stringFor_cl_channel_type(image_channel_data_type) + "]";
    }
}
