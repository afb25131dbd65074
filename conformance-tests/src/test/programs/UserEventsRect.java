import org.jocl.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.jocl.CL.*;

/**
 * A user event holds back a kernel and a non-blocking clEnqueueReadBufferRect of a tile of its 2D result;
 * callbacks on the user event, the kernel and the read record what they saw; the host opens the gate, waits
 * for the read and the callbacks, and prints the tile. Then a rect write and copy, and a user event set to an
 * error, which the command waiting for it inherits.
 */
public class UserEventsRect {

    private static final String SOURCE =
            "__kernel void fill2d(__global float *grid, int width) {\n"
          + "    int x = get_global_id(0);\n"
          + "    int y = get_global_id(1);\n"
          + "    grid[y * width + x] = y * 1000.0f + x;\n"
          + "}\n";

    static final List<String> seen = Collections.synchronizedList(new ArrayList<>());

    public static void main(String[] args) throws InterruptedException {
        CL.setExceptionsEnabled(true);
        cl_platform_id[] platforms = new cl_platform_id[1];
        clGetPlatformIDs(1, platforms, null);
        cl_device_id[] devices = new cl_device_id[1];
        clGetDeviceIDs(platforms[0], CL_DEVICE_TYPE_ALL, 1, devices, null);
        cl_context context = clCreateContext(null, 1, devices, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, devices[0], 0, null);
        cl_program program = clCreateProgramWithSource(context, 1, new String[] {SOURCE}, null, null);
        clBuildProgram(program, 0, null, null, null, null);
        cl_kernel kernel = clCreateKernel(program, "fill2d", null);

        int width = 64;
        int height = 48;
        cl_mem grid = clCreateBuffer(context, CL_MEM_READ_WRITE, 4L * width * height, null, null);
        clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(grid));
        clSetKernelArg(kernel, 1, Sizeof.cl_int, Pointer.to(new int[] {width}));

        cl_event gate = clCreateUserEvent(context, null);
        System.out.println("user event status: " + CL.stringFor_command_execution_status(status(gate)));
        System.out.println("user event command type: " + CL.stringFor_cl_command_type(commandType(gate)));
        CountDownLatch callbacks = new CountDownLatch(3);
        EventCallbackFunction record = (event, status, userData) -> {
            seen.add(userData + " -> " + CL.stringFor_command_execution_status(status));
            callbacks.countDown();
        };
        clSetEventCallback(gate, CL_COMPLETE, record, "gate complete");

        cl_event kernelDone = new cl_event();
        clEnqueueNDRangeKernel(queue, kernel, 2, null, new long[] {width, height}, null, 1, new cl_event[] {gate}, kernelDone);
        clSetEventCallback(kernelDone, CL_COMPLETE, record, "kernel complete");

        // the tile: columns 8..23, rows 4..13, into a host area 20 floats wide, at host column 2, row 1
        int tileW = 16;
        int tileH = 10;
        int hostPitch = 20;
        FloatBuffer tile = ByteBuffer.allocateDirect(4 * hostPitch * (tileH + 2)).order(ByteOrder.nativeOrder()).asFloatBuffer();
        for (int i = 0; i < tile.capacity(); i++) {
            tile.put(i, -1f);
        }
        cl_event readDone = new cl_event();
        clEnqueueReadBufferRect(queue, grid, CL_FALSE,
                new long[] {8 * 4, 4, 0}, new long[] {2 * 4, 1, 0}, new long[] {tileW * 4, tileH, 1},
                width * 4L, 0, hostPitch * 4L, 0, Pointer.to(tile), 1, new cl_event[] {kernelDone}, readDone);
        clSetEventCallback(readDone, CL_COMPLETE, record, "read complete");
        clFlush(queue);

        Thread.sleep(100);
        System.out.println("before the gate opens: kernel complete " + (status(kernelDone) == CL_COMPLETE)
                + ", read complete " + (status(readDone) == CL_COMPLETE) + ", tile untouched " + (tile.get(hostPitch + 2) == -1f));
        clSetUserEventStatus(gate, CL_COMPLETE);
        clWaitForEvents(1, new cl_event[] {readDone});
        boolean allCalled = callbacks.await(20, TimeUnit.SECONDS);
        System.out.println("after the wait: kernel " + CL.stringFor_command_execution_status(status(kernelDone))
                + ", read " + CL.stringFor_command_execution_status(status(readDone))
                + ", read command type " + CL.stringFor_cl_command_type(commandType(readDone)));
        List<String> sorted = new ArrayList<>(seen);
        Collections.sort(sorted);
        System.out.println("callbacks (" + (allCalled ? "all" : "NOT all") + " called): " + sorted);

        int wrong = 0;
        for (int r = 0; r < tileH + 2; r++) {
            StringBuilder row = new StringBuilder();
            for (int c = 0; c < hostPitch; c++) {
                float v = tile.get(r * hostPitch + c);
                boolean inside = r >= 1 && r < 1 + tileH && c >= 2 && c < 2 + tileW;
                float expected = inside ? (4 + r - 1) * 1000f + (8 + c - 2) : -1f;
                if (v != expected) {
                    wrong++;
                }
                if (r < 3 && (c < 4 || c >= 17)) {
                    row.append(' ').append((int) v);
                }
            }
            if (r < 3) {
                System.out.println("tile row " + r + ":" + row);
            }
        }
        System.out.println("tile: " + wrong + " of " + tile.capacity() + " floats wrong");

        // a rect write into the middle of the grid and a rect copy of it to the top-left corner
        float[] patch = new float[6 * 5];
        for (int i = 0; i < patch.length; i++) {
            patch[i] = -100 - i;
        }
        clEnqueueWriteBufferRect(queue, grid, CL_TRUE, new long[] {30 * 4, 20, 0}, new long[] {0, 0, 0}, new long[] {6 * 4, 5, 1},
                width * 4L, 0, 6 * 4L, 0, Pointer.to(patch), 0, null, null);
        clEnqueueCopyBufferRect(queue, grid, grid, new long[] {30 * 4, 20, 0}, new long[] {0, 0, 0}, new long[] {6 * 4, 5, 1},
                width * 4L, 0, width * 4L, 0, 0, null, null);
        float[] all = new float[width * height];
        clEnqueueReadBuffer(queue, grid, CL_TRUE, 0, 4L * all.length, Pointer.to(all), 0, null, null);
        double sum = 0;
        for (float v : all) {
            sum += v;
        }
        System.out.println("grid after rect write and copy: [0] = " + all[0] + ", [5 + 4*64] = " + all[5 + 4 * width]
                + ", [6] = " + all[6] + ", [30 + 20*64] = " + all[30 + 20 * width] + ", sum " + sum);

        // a user event that fails
        cl_event failing = clCreateUserEvent(context, null);
        cl_event dependent = new cl_event();
        ByteBuffer sinkBuffer = ByteBuffer.allocateDirect(16);
        clEnqueueReadBuffer(queue, grid, CL_FALSE, 0, 16, Pointer.to(sinkBuffer), 1, new cl_event[] {failing}, dependent);
        clSetUserEventStatus(failing, -1234);
        try {
            clWaitForEvents(1, new cl_event[] {dependent});
            System.out.println("wait for the dependent read: CL_SUCCESS");
        } catch (CLException e) {
            System.out.println("wait for the dependent read: " + CL.stringFor_errorCode(e.getStatus()));
        }
        System.out.println("user event status: " + status(failing) + ", dependent read status negative: " + (status(dependent) < 0));

        clReleaseEvent(gate);
        clReleaseEvent(kernelDone);
        clReleaseEvent(readDone);
        clReleaseEvent(failing);
        clReleaseEvent(dependent);
        clReleaseMemObject(grid);
        clReleaseKernel(kernel);
        clReleaseProgram(program);
        clReleaseCommandQueue(queue);
        clReleaseContext(context);
    }

    static int status(cl_event event) {
        int[] status = new int[1];
        clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, Sizeof.cl_int, Pointer.to(status), null);
        return status[0];
    }

    static int commandType(cl_event event) {
        int[] type = new int[1];
        clGetEventInfo(event, CL_EVENT_COMMAND_TYPE, Sizeof.cl_uint, Pointer.to(type), null);
        return type[0];
    }
}
