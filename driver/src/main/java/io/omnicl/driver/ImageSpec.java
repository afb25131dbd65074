package io.omnicl.driver;

/**
 * An image: its format, type and size in pixels, and how it lies in linear memory when tightly packed:
 * rows of pixels, rows after rows, slices after slices. For arrays the array index is the last dimension
 * the type uses, as image commands address them: a 1D array is {@code width x arraySize}, a 2D array
 * {@code width x height x arraySize}.
 *
 * @param buffer the buffer of a {@code CL_MEM_OBJECT_IMAGE1D_BUFFER}, else null
 */
public record ImageSpec(int channelOrder, int channelType, int type, long width, long height, long depth,
                        long arraySize, ClMem buffer) {

    public static final int IMAGE2D = 0x10F1;
    public static final int IMAGE3D = 0x10F2;
    public static final int IMAGE2D_ARRAY = 0x10F3;
    public static final int IMAGE1D = 0x10F4;
    public static final int IMAGE1D_ARRAY = 0x10F5;
    public static final int IMAGE1D_BUFFER = 0x10F6;

    public int elementSize() {
        return ImageFormats.elementSize(channelOrder, channelType);
    }

    /** Width, height and depth in the packed layout, array sizes counted as a dimension. */
    public long[] dims() {
        switch (type) {
            case IMAGE1D_ARRAY:
                return new long[] {width, arraySize, 1};
            case IMAGE2D:
                return new long[] {width, height, 1};
            case IMAGE2D_ARRAY:
                return new long[] {width, height, arraySize};
            case IMAGE3D:
                return new long[] {width, height, depth};
            default:
                return new long[] {width, 1, 1};
        }
    }

    public long rowPitch() {
        return width * elementSize();
    }

    public long slicePitch() {
        return rowPitch() * dims()[1];
    }

    public long size() {
        return slicePitch() * dims()[2];
    }

    /** The region of the whole image, in pixels. */
    public long[] fullRegion() {
        return dims();
    }

    /** Whether a box of pixels lies inside the image and has no empty side. */
    public boolean contains(long[] origin, long[] region) {
        if (origin == null || region == null || origin.length < 3 || region.length < 3) {
            return false;
        }
        long[] dims = dims();
        for (int i = 0; i < 3; i++) {
            if (origin[i] < 0 || region[i] <= 0 || origin[i] > dims[i] || region[i] > dims[i] - origin[i]) {
                return false;
            }
        }
        return true;
    }

    /** A box of pixels as bytes and rows of the packed layout. */
    public Rect box(long[] origin, long[] region) {
        return new Rect(new long[] {origin[0] * elementSize(), origin[1], origin[2]},
                new long[] {region[0] * elementSize(), region[1], region[2]}, rowPitch(), slicePitch());
    }
}
