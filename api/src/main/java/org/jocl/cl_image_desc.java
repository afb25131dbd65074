package org.jocl;

/** The type and dimensions of an image. */
public class cl_image_desc {

    public int image_type;
    public long image_width;
    public long image_height;
    public long image_depth;
    public long image_array_size;
    public long image_row_pitch;
    public long image_slice_pitch;
    public int num_mip_levels;
    public int num_samples;
    public cl_mem buffer;

    public cl_image_desc() {
    }

    @Override
    public String toString() {
        return "cl_image_desc[image_type=" + CL.stringFor_cl_mem_object_type(image_type) + ",image_width="
                + image_width + ",image_height=" + image_height + ",image_depth=" + image_depth
                + ",image_array_size=" + image_array_size + ",image_row_pitch=" + image_row_pitch
                + ",image_slice_pitch=" + image_slice_pitch + ",num_mip_levels=" + num_mip_levels
                + ",num_samples=" + num_samples + ",buffer=" + buffer + "]";
    }
}
