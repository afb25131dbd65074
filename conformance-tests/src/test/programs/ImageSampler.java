import org.jocl.*;

import static org.jocl.CL.*;

/**
 * Image processing with samplers, where the device supports images: an RGBA UNORM_INT8 image written from
 * the host, scaled down with a sampler object passed as a kernel argument (linear filtering, clamp to edge,
 * normalized coordinates) into a float image, and blurred with an inline sampler (nearest, unnormalized)
 * into a buffer; the results are read back with clEnqueueReadImage and clEnqueueReadBuffer.
 */
public class ImageSampler {

    private static final String SOURCE =
            "__kernel void downscale(__read_only image2d_t src, __write_only image2d_t dst, sampler_t s) {\n"
          + "    int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
          + "    float2 size = (float2)(get_image_width(dst), get_image_height(dst));\n"
          + "    float2 uv = ((float2)(p.x, p.y) + 0.5f) / size;\n"
          + "    write_imagef(dst, p, read_imagef(src, s, uv));\n"
          + "}\n"
          + "__constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;\n"
          + "__kernel void blur(__read_only image2d_t src, __global float *out) {\n"
          + "    int x = get_global_id(0), y = get_global_id(1);\n"
          + "    float4 sum = (float4)(0.0f);\n"
          + "    for (int dy = -1; dy <= 1; dy++) for (int dx = -1; dx <= 1; dx++)\n"
          + "        sum += read_imagef(src, nearest, (int2)(x + dx, y + dy));\n"
          + "    float4 v = sum / 9.0f;\n"
          + "    out[y * get_global_size(0) + x] = v.x + v.y + v.z + v.w;\n"
          + "}\n";

    public static void main(String[] args) {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        int[] imageSupport = new int[1];
        clGetDeviceInfo(devices[0], CL_DEVICE_IMAGE_SUPPORT, Sizeof.cl_uint, Pointer.to(imageSupport), null);
        if (imageSupport[0] == 0) {
            System.out.println("the device does not support images");
            return;
        }
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);

        int[] numFormats = new int[1];
        clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, null, numFormats);
        cl_image_format[] formats = new cl_image_format[numFormats[0]];
        for (int i = 0; i < formats.length; i++) {
            formats[i] = new cl_image_format();
        }
        clGetSupportedImageFormats(context, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, formats.length, formats, null);
        System.out.println("~ 2D image formats: " + formats.length);
        boolean rgba8 = false;
        boolean rgbaFloat = false;
        for (cl_image_format f : formats) {
            rgba8 |= f.image_channel_order == CL_RGBA && f.image_channel_data_type == CL_UNORM_INT8;
            rgbaFloat |= f.image_channel_order == CL_RGBA && f.image_channel_data_type == CL_FLOAT;
        }
        System.out.println("RGBA UNORM_INT8 supported: " + rgba8 + ", RGBA FLOAT supported: " + rgbaFloat);

        int w = 64;
        int h = 40;
        byte[] pixels = new byte[w * h * 4];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = 4 * (y * w + x);
                pixels[i] = (byte) (x * 4);
                pixels[i + 1] = (byte) (y * 6);
                pixels[i + 2] = (byte) ((x ^ y) * 8);
                pixels[i + 3] = (byte) 255;
            }
        }
        cl_image_format rgba = new cl_image_format();
        rgba.image_channel_order = CL_RGBA;
        rgba.image_channel_data_type = CL_UNORM_INT8;
        cl_image_desc desc = new cl_image_desc();
        desc.image_type = CL_MEM_OBJECT_IMAGE2D;
        desc.image_width = w;
        desc.image_height = h;
        cl_mem src = clCreateImage(context, CL_MEM_READ_ONLY, rgba, desc, null, null);
        clEnqueueWriteImage(queue, src, CL_TRUE, new long[] {0, 0, 0}, new long[] {w, h, 1}, 0, 0, Pointer.to(pixels), 0, null, null);
        long[] info = new long[1];
        clGetImageInfo(src, CL_IMAGE_WIDTH, Sizeof.size_t, Pointer.to(info), null);
        long width = info[0];
        clGetImageInfo(src, CL_IMAGE_HEIGHT, Sizeof.size_t, Pointer.to(info), null);
        long height = info[0];
        clGetImageInfo(src, CL_IMAGE_ELEMENT_SIZE, Sizeof.size_t, Pointer.to(info), null);
        System.out.println("source image: " + width + " x " + height + ", element size " + info[0]);
        clGetImageInfo(src, CL_IMAGE_ROW_PITCH, Sizeof.size_t, Pointer.to(info), null);
        System.out.println("~ row pitch: " + info[0]);
        int[] read = new int[2]; // cl_image_format: channel order, channel data type
        clGetImageInfo(src, CL_IMAGE_FORMAT, 8, Pointer.to(read), null);
        System.out.println("format: " + CL.stringFor_cl_channel_order(read[0]) + " " + CL.stringFor_cl_channel_type(read[1]));

        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);

        // downscale by 2 with a linear sampler
        cl_sampler linear = clCreateSampler(context, CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR, null);
        int[] samplerInfo = new int[1];
        clGetSamplerInfo(linear, CL_SAMPLER_FILTER_MODE, Sizeof.cl_uint, Pointer.to(samplerInfo), null);
        System.out.print("sampler: " + CL.stringFor_cl_filter_mode(samplerInfo[0]));
        clGetSamplerInfo(linear, CL_SAMPLER_ADDRESSING_MODE, Sizeof.cl_uint, Pointer.to(samplerInfo), null);
        System.out.print(" " + CL.stringFor_cl_addressing_mode(samplerInfo[0]));
        clGetSamplerInfo(linear, CL_SAMPLER_NORMALIZED_COORDS, Sizeof.cl_uint, Pointer.to(samplerInfo), null);
        System.out.println(", normalized " + (samplerInfo[0] != 0));
        cl_image_format rgbaF = new cl_image_format();
        rgbaF.image_channel_order = CL_RGBA;
        rgbaF.image_channel_data_type = CL_FLOAT;
        cl_image_desc smallDesc = new cl_image_desc();
        smallDesc.image_type = CL_MEM_OBJECT_IMAGE2D;
        smallDesc.image_width = w / 2;
        smallDesc.image_height = h / 2;
        cl_mem small = clCreateImage(context, CL_MEM_WRITE_ONLY, rgbaF, smallDesc, null, null);
        cl_kernel downscale = clCreateKernel(program, "downscale", null);
        clSetKernelArg(downscale, 0, Sizeof.cl_mem, Pointer.to(src));
        clSetKernelArg(downscale, 1, Sizeof.cl_mem, Pointer.to(small));
        clSetKernelArg(downscale, 2, Sizeof.cl_sampler, Pointer.to(linear));
        clEnqueueNDRangeKernel(queue, downscale, 2, null, new long[] {w / 2, h / 2}, null, 0, null, null);
        float[] scaled = new float[(w / 2) * (h / 2) * 4];
        clEnqueueReadImage(queue, small, CL_TRUE, new long[] {0, 0, 0}, new long[] {w / 2, h / 2, 1}, 0, 0, Pointer.to(scaled), 0, null, null);
        double scaledSum = 0;
        for (float f : scaled) {
            scaledSum += f;
        }
        System.out.printf("downscaled: pixel (0,0) = %.4f %.4f %.4f %.4f, pixel (5,3) = %.4f %.4f %.4f, sum %.4f%n",
                scaled[0], scaled[1], scaled[2], scaled[3],
                scaled[4 * (3 * (w / 2) + 5)], scaled[4 * (3 * (w / 2) + 5) + 1], scaled[4 * (3 * (w / 2) + 5) + 2], scaledSum);

        // 3x3 box blur with the inline sampler into a buffer
        cl_mem out = clCreateBuffer(context, CL_MEM_WRITE_ONLY, 4L * w * h, null, null);
        cl_kernel blur = clCreateKernel(program, "blur", null);
        clSetKernelArg(blur, 0, Sizeof.cl_mem, Pointer.to(src));
        clSetKernelArg(blur, 1, Sizeof.cl_mem, Pointer.to(out));
        clEnqueueNDRangeKernel(queue, blur, 2, null, new long[] {w, h}, null, 0, null, null);
        float[] blurred = new float[w * h];
        clEnqueueReadBuffer(queue, out, CL_TRUE, 0, 4L * w * h, Pointer.to(blurred), 0, null, null);
        double blurSum = 0;
        for (float f : blurred) {
            blurSum += f;
        }
        System.out.printf("blurred: [0] = %.5f, [100] = %.5f, [last] = %.5f, sum %.4f%n", blurred[0], blurred[100], blurred[w * h - 1], blurSum);

        // copy a region of the source image into a buffer and check the bytes
        cl_mem bytes = clCreateBuffer(context, CL_MEM_READ_WRITE, 4L * 8 * 8, null, null);
        clEnqueueCopyImageToBuffer(queue, src, bytes, new long[] {10, 20, 0}, new long[] {8, 8, 1}, 0, 0, null, null);
        byte[] region = new byte[4 * 8 * 8];
        clEnqueueReadBuffer(queue, bytes, CL_TRUE, 0, region.length, Pointer.to(region), 0, null, null);
        int wrong = 0;
        for (int y = 0; y < 8; y++) {
            for (int x = 0; x < 8; x++) {
                for (int c = 0; c < 4; c++) {
                    if (region[4 * (y * 8 + x) + c] != pixels[4 * ((20 + y) * w + 10 + x) + c]) {
                        wrong++;
                    }
                }
            }
        }
        System.out.println("image to buffer copy: " + wrong + " bytes wrong");

        clReleaseMemObject(bytes);
        clReleaseMemObject(out);
        clReleaseMemObject(small);
        clReleaseMemObject(src);
        clReleaseSampler(linear);
        clReleaseKernel(blur);
        clReleaseKernel(downscale);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }
}
