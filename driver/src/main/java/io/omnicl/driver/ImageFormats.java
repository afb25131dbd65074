package io.omnicl.driver;

/** Facts about image formats: channels per order, bytes per channel type, bytes per pixel. */
public final class ImageFormats {

    private ImageFormats() {
    }

    /** Channels of a {@code CL_*} channel order, or 0 for an unknown order. */
    public static int channels(int order) {
        switch (order) {
            case 0x10B0: // CL_R
            case 0x10B1: // CL_A
            case 0x10B8: // CL_INTENSITY
            case 0x10B9: // CL_LUMINANCE
            case 0x10BA: // CL_Rx
            case 0x10BD: // CL_DEPTH
            case 0x10BE: // CL_DEPTH_STENCIL
                return 1;
            case 0x10B2: // CL_RG
            case 0x10B3: // CL_RA
            case 0x10BB: // CL_RGx
                return 2;
            case 0x10B4: // CL_RGB
            case 0x10BC: // CL_RGBx
            case 0x10BF: // CL_sRGB
            case 0x10C0: // CL_sRGBx
                return 3;
            case 0x10B5: // CL_RGBA
            case 0x10B6: // CL_BGRA
            case 0x10B7: // CL_ARGB
            case 0x10C1: // CL_sRGBA
            case 0x10C2: // CL_sBGRA
            case 0x10C3: // CL_ABGR
                return 4;
            default:
                return 0;
        }
    }

    /** Bytes per channel of a {@code CL_*} channel type; negative for packed types (bytes per pixel). */
    private static int channelBytes(int type) {
        switch (type) {
            case 0x10D0: // CL_SNORM_INT8
            case 0x10D2: // CL_UNORM_INT8
            case 0x10D7: // CL_SIGNED_INT8
            case 0x10DA: // CL_UNSIGNED_INT8
                return 1;
            case 0x10D1: // CL_SNORM_INT16
            case 0x10D3: // CL_UNORM_INT16
            case 0x10D8: // CL_SIGNED_INT16
            case 0x10DB: // CL_UNSIGNED_INT16
            case 0x10DD: // CL_HALF_FLOAT
                return 2;
            case 0x10D9: // CL_SIGNED_INT32
            case 0x10DC: // CL_UNSIGNED_INT32
            case 0x10DE: // CL_FLOAT
                return 4;
            case 0x10D4: // CL_UNORM_SHORT_565
            case 0x10D5: // CL_UNORM_SHORT_555
                return -2;
            case 0x10D6: // CL_UNORM_INT_101010
            case 0x10E0: // CL_UNORM_INT_101010_2
                return -4;
            default:
                return 0;
        }
    }

    /**
     * Bytes per pixel of a format, or 0 when the order or type is unknown or they do not go together (a
     * packed type needs an RGB order, a single-channel order a non-packed type).
     */
    public static int elementSize(int order, int type) {
        int channels = channels(order);
        int bytes = channelBytes(type);
        if (channels == 0 || bytes == 0) {
            return 0;
        }
        if (bytes < 0) {
            boolean rgbOrder = order == 0x10B4 || order == 0x10BC || (type == 0x10E0 && order == 0x10B5);
            return rgbOrder ? -bytes : 0;
        }
        return channels * bytes;
    }
}
