package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.junit.jupiter.api.Test;

/**
 * Entry points of optional or later features, answered as the device's capabilities say: native kernels,
 * built-in kernels, and the OpenCL 2.0 entry points JOCL offers (SVM, pipes, clSetKernelArgSVMPointer,
 * clSetKernelExecInfo). PoCL 3.1 is an OpenCL 3.0 platform and may support some of the 2.0 features, so the
 * 2.0 expectations, which are those of a 1.2 device, run on OmniCL only (its devices are OpenCL 1.2).
 * The GL sharing entry points are left out: PoCL 3.1 aborts in clCreateFromGLBuffer, and answers
 * CL_INVALID_OPERATION, not CL_INVALID_CONTEXT, from clCreateFromGLTexture on a context not made from GL.
 */
class OptionalFeatureTest extends ClTestBase {

    private static final String SOURCE = "kernel void k(global int* a) { a[get_global_id(0)] = 1; }\n";

    private void onlyOnOmniclAsA12Device() {
        assumeTrue(Target.isOmniCL(), "OpenCL 2.0 expectations of a 1.2 device; PoCL 3.1 is a 3.0 platform");
        assumeTrue(Info.string(deviceQ(device), CL_DEVICE_VERSION).startsWith("OpenCL 1."), "a 1.x device");
    }

    private boolean nativeKernels() {
        return (Info.ulong(deviceQ(device), CL_DEVICE_EXECUTION_CAPABILITIES) & CL_EXEC_NATIVE_KERNEL) != 0;
    }

    @Test
    void nativeKernelWhereTheDeviceHasNoneIsInvalidOperation() {
        assumeTrue(!nativeKernels(), "the device runs native kernels");
        assertStatus(CL_INVALID_OPERATION, clEnqueueNativeKernel(queue, args -> { }, null, 0, 0, null, null, 0, null,
                null));
    }

    @Test
    void builtInKernelThatTheDeviceDoesNotListIsInvalidValue() {
        String listed = Info.string(deviceQ(device), CL_DEVICE_BUILT_IN_KERNELS);
        assumeTrue(!listed.contains("omnicl_no_such_kernel"), "listed");
        int[] e = err();
        clCreateProgramWithBuiltInKernels(context, 1, new cl_device_id[] {device}, "omnicl_no_such_kernel", e);
        assertStatus(CL_INVALID_VALUE, e[0]);
    }

    @Test
    void svmAllocOnA12DeviceGivesNull() {
        onlyOnOmniclAsA12Device();
        assertNull(clSVMAlloc(context, CL_MEM_READ_WRITE, 1024, 0), "no SVM on an OpenCL 1.2 device");
        clSVMFree(context, null); // freeing NULL does nothing
    }

    @Test
    void svmEnqueuesOnA12DeviceAreInvalidOperation() {
        onlyOnOmniclAsA12Device();
        ByteBuffer a = direct(256);
        ByteBuffer b = direct(256);
        assertStatus(CL_INVALID_OPERATION, clEnqueueSVMMemcpy(queue, true, Pointer.to(a), Pointer.to(b), 256, 0, null,
                null), "clEnqueueSVMMemcpy");
        assertStatus(CL_INVALID_OPERATION, clEnqueueSVMMemFill(queue, Pointer.to(a), Pointer.to(new int[] {1}), 4,
                256, 0, null, null), "clEnqueueSVMMemFill");
        assertStatus(CL_INVALID_OPERATION, clEnqueueSVMMap(queue, true, CL_MAP_READ, Pointer.to(a), 256, 0, null,
                null), "clEnqueueSVMMap");
        assertStatus(CL_INVALID_OPERATION, clEnqueueSVMUnmap(queue, Pointer.to(a), 0, null, null),
                "clEnqueueSVMUnmap");
        assertStatus(CL_INVALID_OPERATION, clEnqueueSVMFree(queue, 1, new Pointer[] {Pointer.to(a)}, null, null, 0,
                null, null), "clEnqueueSVMFree");
    }

    @Test
    void svmKernelArgumentsOnA12DeviceAreInvalidOperation() {
        onlyOnOmniclAsA12Device();
        cl_kernel k = kernel(program(SOURCE, null), "k");
        ByteBuffer a = direct(64);
        assertStatus(CL_INVALID_OPERATION, clSetKernelArgSVMPointer(k, 0, Pointer.to(a)), "clSetKernelArgSVMPointer");
        assertStatus(CL_INVALID_OPERATION, clSetKernelExecInfo(k, CL_KERNEL_EXEC_INFO_SVM_PTRS, Sizeof.POINTER,
                Pointer.to(new long[1])), "clSetKernelExecInfo");
    }

    @Test
    void pipesOnA12DeviceAreInvalidOperation() {
        onlyOnOmniclAsA12Device();
        int[] e = err();
        clCreatePipe(context, CL_MEM_READ_WRITE, 4, 16, null, e);
        assertStatus(CL_INVALID_OPERATION, e[0], "clCreatePipe");
        cl_mem notAPipe = buffer(CL_MEM_READ_WRITE, 64, null);
        int rc = clGetPipeInfo(notAPipe, CL_PIPE_PACKET_SIZE, Sizeof.cl_uint, Pointer.to(new int[1]), null);
        assertTrue(rc == CL_INVALID_OPERATION || rc == CL_INVALID_MEM_OBJECT,
                "clGetPipeInfo of a buffer on a 1.2 device: " + stringFor_errorCode(rc));
    }
}
