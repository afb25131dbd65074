package org.jocl;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClProgram;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.jocl.CL.*;

/** Programs. */
final class ProgramCalls {

    private ProgramCalls() {
    }

    static cl_program clCreateProgramWithSource(cl_context context, int count, String[] strings, long[] lengths,
                                                int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            ClContext c = Handles.context(context);
            ClError.require(count > 0 && strings != null && strings.length >= count
                    && (lengths == null || lengths.length >= count), CL_INVALID_VALUE, "no sources");
            StringBuilder source = new StringBuilder();
            for (int i = 0; i < count; i++) {
                ClError.require(strings[i] != null, CL_INVALID_VALUE, "a null source string");
                source.append(prefix(strings[i], lengths == null ? 0 : lengths[i]));
            }
            return Handles.bind(new cl_program(), c.createProgram(source.toString()));
        });
    }

    /** The first {@code length} bytes of {@code s} in UTF-8 (all of it when {@code length} is 0). */
    private static String prefix(String s, long length) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        if (length <= 0 || length >= bytes.length) {
            return s;
        }
        return new String(bytes, 0, (int) length, StandardCharsets.UTF_8);
    }

    static cl_program clCreateProgramWithBinary(cl_context context, int num_devices, cl_device_id[] device_list,
                                                long[] lengths, byte[][] binaries, int[] binary_status,
                                                int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    /** OmniCL devices have no built-in kernels. */
    static cl_program clCreateProgramWithBuiltInKernels(cl_context context, int num_devices,
                                                        cl_device_id[] device_list, String kernel_names,
                                                        int[] errcode_ret) {
        return Status.create(errcode_ret, () -> {
            ClContext c = Handles.context(context);
            devicesOf(c, num_devices, device_list);
            throw new ClError(CL_INVALID_VALUE, "no built-in kernels");
        });
    }

    static int clRetainProgram(cl_program program) {
        return Status.run(() -> {
            Handles.program(program).retain();
            return CL_SUCCESS;
        });
    }

    static int clReleaseProgram(cl_program program) {
        return Status.run(() -> {
            Handles.program(program).release();
            return CL_SUCCESS;
        });
    }

    /**
     * The devices of {@code device_list}, which must all be in {@code c}; empty for "all of the context's".
     */
    private static List<ClDevice> devicesOf(ClContext c, int num_devices, cl_device_id[] device_list) {
        ClError.require((device_list == null) == (num_devices == 0)
                && (device_list == null || device_list.length >= num_devices), CL_INVALID_VALUE,
                "device_list and num_devices disagree");
        List<ClDevice> list = new ArrayList<>();
        for (int i = 0; i < num_devices; i++) {
            ClDevice d = Handles.device(device_list[i]);
            ClError.require(c.devices().contains(d), CL_INVALID_DEVICE, "device not in the program's context");
            list.add(d);
        }
        return list;
    }

    static int clBuildProgram(cl_program program, int num_devices, cl_device_id[] device_list, String options,
                              BuildProgramFunction pfn_notify, Object user_data) {
        return Status.run(() -> {
            ClProgram p = Handles.program(program);
            List<ClDevice> devices = devicesOf(p.context(), num_devices, device_list);
            ClError.require(pfn_notify != null || user_data == null, CL_INVALID_VALUE, "user_data without pfn_notify");
            Runnable callback = pfn_notify == null ? null : () -> pfn_notify.function(program, user_data);
            p.build(devices, options, callback);
            return CL_SUCCESS;
        });
    }

    static int clCompileProgram(cl_program program, int num_devices, cl_device_id[] device_list, String options,
                                int num_input_headers, cl_program[] input_headers, String[] header_include_names,
                                BuildProgramFunction pfn_notify, Object user_data) {
        return Status.unsupported();
    }

    static cl_program clLinkProgram(cl_context context, int num_devices, cl_device_id[] device_list, String options,
                                    int num_input_programs, cl_program[] input_programs,
                                    BuildProgramFunction pfn_notify, Object user_data, int[] errcode_ret) {
        Status.unsupported(errcode_ret);
        return null;
    }

    static int clGetProgramInfo(cl_program program, int param_name, long param_value_size, Pointer param_value,
                                long[] param_value_size_ret) {
        return Info.query(() -> Handles.program(program).info(param_name), param_value_size, param_value,
                param_value_size_ret);
    }

    static int clGetProgramBuildInfo(cl_program program, cl_device_id device, int param_name, long param_value_size,
                                     Pointer param_value, long[] param_value_size_ret) {
        return Info.query(() -> Handles.program(program).buildInfo(Handles.device(device), param_name),
                param_value_size, param_value, param_value_size_ret);
    }
}
