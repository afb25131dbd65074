package org.jocl;

import org.junit.jupiter.api.Test;
import org.lwjgl.opencl.CL10;
import org.lwjgl.system.JNI;
import org.lwjgl.system.MemoryStack;

import java.lang.reflect.Field;
import java.nio.IntBuffer;

import static org.jocl.CL.CL_DEVICE_TYPE_DEFAULT;
import static org.jocl.CL.clCreateCommandQueue;
import static org.jocl.CL.clCreateContext;
import static org.jocl.CL.clGetDeviceIDs;
import static org.jocl.CL.clGetPlatformIDs;
import static org.jocl.CL.clReleaseCommandQueue;
import static org.jocl.CL.clReleaseContext;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.lwjgl.system.MemoryUtil.memAddress;

/**
 * A library built on JOCL hands handles to its own native code, which reads the handle's {@code nativePointer}
 * field through JNI and calls OpenCL with it. An OmniCL handle reaches it as a null handle, which the ICD loader
 * refuses with an OpenCL error instead of the JVM dying on an address that is none.
 */
class NativeHandleTest {

    @Test
    void nativeCodeSeesANullHandleAndGetsAnOpenClError() throws Exception {
        cl_platform_id[] platform = new cl_platform_id[1];
        clGetPlatformIDs(1, platform, null);
        cl_device_id[] device = new cl_device_id[1];
        clGetDeviceIDs(platform[0], CL_DEVICE_TYPE_DEFAULT, 1, device, null);
        cl_context context = clCreateContext(null, 1, device, null, null, null);
        cl_command_queue queue = clCreateCommandQueue(context, device[0], 0, null);
        try {
            Field seenByJni = NativePointerObject.class.getDeclaredField("nativePointer");
            seenByJni.setAccessible(true);
            long handle = seenByJni.getLong(queue);
            assertEquals(0, handle, "what native code reads");
            assertNotEquals(0, queue.getNativePointer(), "what Java code reads: the object's id");
            // the call a library's native code would make with it, through the ICD loader
            try (MemoryStack stack = MemoryStack.stackPush()) {
                IntBuffer count = stack.mallocInt(1);
                // straight to the ICD loader's function, past LWJGL's own check for null
                int status = JNI.callPPPPI(handle, CL10.CL_QUEUE_REFERENCE_COUNT, 4L, memAddress(count), 0L,
                        org.lwjgl.opencl.CL.getICD().clGetCommandQueueInfo);
                assertEquals(CL10.CL_INVALID_COMMAND_QUEUE, status);
            }
        } finally {
            clReleaseCommandQueue(queue);
            clReleaseContext(context);
        }
    }
}
