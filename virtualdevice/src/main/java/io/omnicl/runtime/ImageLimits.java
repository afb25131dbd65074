package io.omnicl.runtime;

import io.omnicl.driver.ClError;
import io.omnicl.driver.ImageSpec;
import io.omnicl.spi.DeviceParam;

import java.util.List;

import static io.omnicl.driver.OpenClConstants.*;

/** The largest images the devices of a context take: {@code CL_INVALID_IMAGE_SIZE} beyond. */
final class ImageLimits {

    private ImageLimits() {
    }

    static void check(ImageSpec spec, List<Device> devices) {
        for (Device d : devices) {
            boolean fits;
            switch (spec.type()) {
                case CL_MEM_OBJECT_IMAGE1D_BUFFER:
                    fits = spec.width() <= d.limit(DeviceParam.IMAGE_MAX_BUFFER_SIZE);
                    break;
                case CL_MEM_OBJECT_IMAGE3D:
                    fits = spec.width() <= d.limit(DeviceParam.IMAGE3D_MAX_WIDTH)
                            && spec.height() <= d.limit(DeviceParam.IMAGE3D_MAX_HEIGHT)
                            && spec.depth() <= d.limit(DeviceParam.IMAGE3D_MAX_DEPTH);
                    break;
                case CL_MEM_OBJECT_IMAGE1D_ARRAY:
                    fits = spec.width() <= d.limit(DeviceParam.IMAGE2D_MAX_WIDTH)
                            && spec.arraySize() <= d.limit(DeviceParam.IMAGE_MAX_ARRAY_SIZE);
                    break;
                case CL_MEM_OBJECT_IMAGE2D_ARRAY:
                    fits = spec.width() <= d.limit(DeviceParam.IMAGE2D_MAX_WIDTH)
                            && spec.height() <= d.limit(DeviceParam.IMAGE2D_MAX_HEIGHT)
                            && spec.arraySize() <= d.limit(DeviceParam.IMAGE_MAX_ARRAY_SIZE);
                    break;
                default:
                    fits = spec.width() <= d.limit(DeviceParam.IMAGE2D_MAX_WIDTH)
                            && spec.height() <= d.limit(DeviceParam.IMAGE2D_MAX_HEIGHT);
            }
            ClError.require(fits, CL_INVALID_IMAGE_SIZE, "the image exceeds a device's image size limits");
        }
    }
}
