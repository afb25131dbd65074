package org.jocl;

import io.omnicl.driver.ClContext;
import io.omnicl.driver.ClDevice;
import io.omnicl.driver.ClError;
import io.omnicl.driver.ClProgram;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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
        return Status.create(errcode_ret, () -> {
            ClContext c = Handles.context(context);
            ClError.require(device_list != null && num_devices > 0, CL_INVALID_VALUE, "no devices");
            List<ClDevice> devices = devicesOf(c, num_devices, device_list);
            ClError.require(lengths != null && binaries != null && lengths.length >= num_devices
                    && binaries.length >= num_devices, CL_INVALID_VALUE, "lengths and binaries must cover the devices");
            ClError.require(binary_status == null || binary_status.length >= num_devices, CL_INVALID_VALUE,
                    "binary_status is too short");
            List<byte[]> list = new ArrayList<>();
            for (int i = 0; i < num_devices; i++) {
                ClError.require(binaries[i] != null && lengths[i] > 0 && lengths[i] <= binaries[i].length,
                        CL_INVALID_VALUE, "a binary is missing or its length is wrong");
                list.add(Arrays.copyOf(binaries[i], (int) lengths[i]));
            }
            int[] status = new int[num_devices];
            try {
                return Handles.bind(new cl_program(), c.createProgram(devices, list, status));
            } finally {
                if (binary_status != null) {
                    System.arraycopy(status, 0, binary_status, 0, num_devices);
                }
            }
        });
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
        try {
            return Status.run(() -> {
                ClProgram p = Handles.program(program);
                List<ClDevice> devices = devicesOf(p.context(), num_devices, device_list);
                ClError.require(pfn_notify != null || user_data == null, CL_INVALID_VALUE,
                        "user_data without pfn_notify");
                Runnable callback = pfn_notify == null ? null : () -> pfn_notify.function(program, user_data);
                p.build(devices, options, callback);
                return CL_SUCCESS;
            });
        } catch (CLException e) {
            if (e.getStatus() != CL_BUILD_PROGRAM_FAILURE) {
                throw e;
            }
            // as JOCL: the exception carries every device's build log
            throw new CLException(e.getMessage() + "\n" + buildLogs(Handles.program(program)), e.getStatus());
        }
    }

    /** Each device's build log, headed by the device's index in the program. */
    private static String buildLogs(ClProgram p) {
        StringBuilder logs = new StringBuilder();
        List<?> devices = p.info(CL_PROGRAM_DEVICES).handles();
        for (int i = 0; i < devices.size(); i++) {
            byte[] log = p.buildInfo((ClDevice) devices.get(i), CL_PROGRAM_BUILD_LOG).bytes();
            int length = log.length > 0 && log[log.length - 1] == 0 ? log.length - 1 : log.length;
            logs.append("Build log for device ").append(i).append(":\n")
                    .append(new String(log, 0, length, StandardCharsets.UTF_8)).append('\n');
        }
        return logs.toString();
    }

    static int clCompileProgram(cl_program program, int num_devices, cl_device_id[] device_list, String options,
                                int num_input_headers, cl_program[] input_headers, String[] header_include_names,
                                BuildProgramFunction pfn_notify, Object user_data) {
        return Status.run(() -> {
            ClProgram p = Handles.program(program);
            List<ClDevice> devices = devicesOf(p.context(), num_devices, device_list);
            boolean headers = num_input_headers > 0;
            ClError.require(headers == (input_headers != null) && headers == (header_include_names != null)
                    && (!headers || (input_headers.length >= num_input_headers
                    && header_include_names.length >= num_input_headers)), CL_INVALID_VALUE,
                    "input headers and their names disagree with their count");
            List<ClProgram> headerPrograms = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int i = 0; i < num_input_headers; i++) {
                headerPrograms.add(Handles.program(input_headers[i]));
                ClError.require(header_include_names[i] != null, CL_INVALID_VALUE, "a header has no name");
                names.add(header_include_names[i]);
            }
            ClError.require(pfn_notify != null || user_data == null, CL_INVALID_VALUE, "user_data without pfn_notify");
            Runnable callback = pfn_notify == null ? null : () -> pfn_notify.function(program, user_data);
            p.compile(devices, options, headerPrograms, names, callback);
            return CL_SUCCESS;
        });
    }

    /** Links at once; a callback is called before the call returns. */
    static cl_program clLinkProgram(cl_context context, int num_devices, cl_device_id[] device_list, String options,
                                    int num_input_programs, cl_program[] input_programs,
                                    BuildProgramFunction pfn_notify, Object user_data, int[] errcode_ret) {
        cl_program linked = Status.create(errcode_ret, () -> {
            ClContext c = Handles.context(context);
            List<ClDevice> devices = devicesOf(c, num_devices, device_list);
            ClError.require(num_input_programs > 0 && input_programs != null
                    && input_programs.length >= num_input_programs, CL_INVALID_VALUE, "no input programs");
            List<ClProgram> inputs = new ArrayList<>();
            for (int i = 0; i < num_input_programs; i++) {
                inputs.add(Handles.program(input_programs[i]));
            }
            ClError.require(pfn_notify != null || user_data == null, CL_INVALID_VALUE, "user_data without pfn_notify");
            return Handles.bind(new cl_program(), c.link(devices, options, inputs));
        });
        if (linked != null && pfn_notify != null) {
            pfn_notify.function(linked, user_data);
        }
        return linked;
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
