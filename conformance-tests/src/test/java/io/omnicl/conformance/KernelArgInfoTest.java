package io.omnicl.conformance;

import static org.jocl.CL.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;
import org.jocl.cl_program;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * clGetKernelArgInfo (CTS api/kernel_arg_info) for every address, access and type qualifier, on a program built
 * with -cl-kernel-arg-info, and its errors.
 */
class KernelArgInfoTest extends ClTestBase {

    private static final String SOURCE = ""
            + "typedef struct { int a; float b; } pair_t;\n"
            + "kernel void kinds(global int* g, local float* l, constant uchar* c, int p,\n"
            + "                  global const int* gc, global int* restrict gr, global volatile int* gv,\n"
            + "                  global const int* restrict gcr, float4 v, pair_t s, global pair_t* ps) {\n"
            + "  g[0] = p + gc[0] + gcr[0] + (int) c[0] + (int) v.x + s.a + ps[0].a; gr[0] = gv[0]; l[0] = 1.0f;\n"
            + "}\n";
    private static final String IMAGES = ""
            + "kernel void imgs(read_only image2d_t src, write_only image2d_t dst, sampler_t smp,\n"
            + "                 read_only image3d_t vol, write_only image1d_t line) {\n"
            + "  int2 pos = (int2)(get_global_id(0), get_global_id(1));\n"
            + "  write_imagef(dst, pos, read_imagef(src, smp, pos) + read_imagef(vol, smp, (int4)(0)));\n"
            + "  write_imagef(line, 0, (float4)(0));\n"
            + "}\n";

    private cl_kernel kinds;

    @BeforeAll
    void buildOnce() {
        kinds = kernel(program(SOURCE, "-cl-kernel-arg-info"), "kinds");
    }

    private static Info.Query arg(cl_kernel k, int index) {
        return (param, size, value, ret) -> clGetKernelArgInfo(k, index, param, size, value, ret);
    }

    private static String typeName(cl_kernel k, int index) {
        return Info.string(arg(k, index), CL_KERNEL_ARG_TYPE_NAME).replace(" ", "");
    }

    @ParameterizedTest(name = "argument {0}: {1}")
    @CsvSource({"0, g", "1, l", "2, c", "3, p", "4, gc", "5, gr", "6, gv", "7, gcr", "8, v", "9, s", "10, ps"})
    void namesAreTheDeclaredNames(int index, String name) {
        assertEquals(name, Info.string(arg(kinds, index), CL_KERNEL_ARG_NAME));
    }

    @Test
    void addressQualifiers() {
        int[] expected = {CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_LOCAL, CL_KERNEL_ARG_ADDRESS_CONSTANT,
            CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_GLOBAL,
            CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_PRIVATE,
            CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ADDRESS_GLOBAL};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], Info.uint(arg(kinds, i), CL_KERNEL_ARG_ADDRESS_QUALIFIER), "argument " + i);
        }
    }

    @Test
    void accessQualifierIsNoneForEveryArgumentThatIsNotAnImage() {
        for (int i = 0; i <= 10; i++) {
            assertEquals(CL_KERNEL_ARG_ACCESS_NONE, Info.uint(arg(kinds, i), CL_KERNEL_ARG_ACCESS_QUALIFIER),
                    "argument " + i);
        }
    }

    @Test
    void typeQualifiersOfPointerArguments() {
        assertEquals(CL_KERNEL_ARG_TYPE_NONE, Info.ulong(arg(kinds, 0), CL_KERNEL_ARG_TYPE_QUALIFIER), "g");
        assertEquals(CL_KERNEL_ARG_TYPE_CONST, Info.ulong(arg(kinds, 4), CL_KERNEL_ARG_TYPE_QUALIFIER), "gc");
        assertEquals(CL_KERNEL_ARG_TYPE_RESTRICT, Info.ulong(arg(kinds, 5), CL_KERNEL_ARG_TYPE_QUALIFIER), "gr");
        assertEquals(CL_KERNEL_ARG_TYPE_VOLATILE, Info.ulong(arg(kinds, 6), CL_KERNEL_ARG_TYPE_QUALIFIER), "gv");
        assertEquals(CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_RESTRICT,
                Info.ulong(arg(kinds, 7), CL_KERNEL_ARG_TYPE_QUALIFIER), "gcr");
        // a constant pointer may report CL_KERNEL_ARG_TYPE_CONST (OpenCL 2.0 and later say it does), nothing else
        long constant = Info.ulong(arg(kinds, 2), CL_KERNEL_ARG_TYPE_QUALIFIER);
        assertEquals(0, constant & ~CL_KERNEL_ARG_TYPE_CONST, "c");
    }

    @Test
    void typeQualifiersOfValueArgumentsAreNone() {
        for (int i : new int[] {3, 8, 9}) {
            assertEquals(CL_KERNEL_ARG_TYPE_NONE, Info.ulong(arg(kinds, i), CL_KERNEL_ARG_TYPE_QUALIFIER),
                    "argument " + i);
        }
    }

    @Test
    void typeNamesWithoutQualifiers() {
        assertEquals("int*", typeName(kinds, 0));
        assertEquals("float*", typeName(kinds, 1));
        assertEquals("uchar*", typeName(kinds, 2));
        assertEquals("int", typeName(kinds, 3));
        assertEquals("int*", typeName(kinds, 4), "const is a type qualifier, not part of the name");
        assertEquals("int*", typeName(kinds, 7));
        assertEquals("float4", typeName(kinds, 8));
        assertEquals("pair_t", typeName(kinds, 9));
        assertEquals("pair_t*", typeName(kinds, 10));
    }

    @Test
    void everyParameterHasTheSpecifiedSize() {
        Info.Query q = arg(kinds, 0);
        assertEquals(Sizeof.cl_uint, Info.size(q, CL_KERNEL_ARG_ADDRESS_QUALIFIER));
        assertEquals(Sizeof.cl_uint, Info.size(q, CL_KERNEL_ARG_ACCESS_QUALIFIER));
        assertEquals(Sizeof.cl_ulong, Info.size(q, CL_KERNEL_ARG_TYPE_QUALIFIER));
        assertEquals(Info.string(q, CL_KERNEL_ARG_TYPE_NAME).length() + 1, Info.size(q, CL_KERNEL_ARG_TYPE_NAME),
                "type name and its NUL");
        assertEquals(2, Info.size(q, CL_KERNEL_ARG_NAME), "\"g\" and its NUL");
    }

    @Test
    void imageAndSamplerArguments() {
        assumeTrue(imageSupport(), "the device has no image support");
        cl_kernel k = kernel(program(IMAGES, "-cl-kernel-arg-info"), "imgs");
        assertEquals(CL_KERNEL_ARG_ACCESS_READ_ONLY, Info.uint(arg(k, 0), CL_KERNEL_ARG_ACCESS_QUALIFIER), "src");
        assertEquals(CL_KERNEL_ARG_ACCESS_WRITE_ONLY, Info.uint(arg(k, 1), CL_KERNEL_ARG_ACCESS_QUALIFIER), "dst");
        assertEquals(CL_KERNEL_ARG_ACCESS_NONE, Info.uint(arg(k, 2), CL_KERNEL_ARG_ACCESS_QUALIFIER), "smp");
        assertEquals(CL_KERNEL_ARG_ACCESS_READ_ONLY, Info.uint(arg(k, 3), CL_KERNEL_ARG_ACCESS_QUALIFIER), "vol");
        assertEquals(CL_KERNEL_ARG_ACCESS_WRITE_ONLY, Info.uint(arg(k, 4), CL_KERNEL_ARG_ACCESS_QUALIFIER), "line");
        assertEquals(CL_KERNEL_ARG_ADDRESS_GLOBAL, Info.uint(arg(k, 0), CL_KERNEL_ARG_ADDRESS_QUALIFIER),
                "images are in the global address space");
        assertEquals(CL_KERNEL_ARG_ADDRESS_PRIVATE, Info.uint(arg(k, 2), CL_KERNEL_ARG_ADDRESS_QUALIFIER), "sampler");
        assertEquals("image2d_t", typeName(k, 0));
        assertEquals("image2d_t", typeName(k, 1));
        assertEquals("sampler_t", typeName(k, 2));
        assertEquals("image3d_t", typeName(k, 3));
        assertEquals("image1d_t", typeName(k, 4));
        assertEquals("smp", Info.string(arg(k, 2), CL_KERNEL_ARG_NAME));
    }

    @Test
    void indexPastTheLastArgumentIsInvalidArgIndex() {
        assertStatus(CL_INVALID_ARG_INDEX, clGetKernelArgInfo(kinds, 11, CL_KERNEL_ARG_NAME, 0, null, new long[1]),
                "index 11 of 11 arguments");
        assertStatus(CL_INVALID_ARG_INDEX,
                clGetKernelArgInfo(kinds, 1000, CL_KERNEL_ARG_ADDRESS_QUALIFIER, 0, null, new long[1]), "index 1000");
    }

    @Test
    void unknownParamOrTooSmallValueIsInvalidValue() {
        assertStatus(CL_INVALID_VALUE, clGetKernelArgInfo(kinds, 0, 0x0AB9, 0, null, new long[1]), "unknown param");
        byte[] small = new byte[2];
        assertStatus(CL_INVALID_VALUE, clGetKernelArgInfo(kinds, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, 2,
                Pointer.to(small), null), "2 bytes for a cl_uint");
        assertStatus(CL_INVALID_VALUE, clGetKernelArgInfo(kinds, 6, CL_KERNEL_ARG_NAME, 2, Pointer.to(small), null),
                "2 bytes for \"gv\" and its NUL");
    }

    @Test
    void nullOrUnsetKernelIsInvalidKernel() {
        for (cl_kernel bad : new cl_kernel[] {null, new cl_kernel()}) {
            assertStatus(CL_INVALID_KERNEL, clGetKernelArgInfo(bad, 0, CL_KERNEL_ARG_NAME, 0, null, new long[1]),
                    bad == null ? "null" : "unset");
        }
    }

    @Test
    void kernelOfOneFunctionTwiceGivesTheSameArgInfo() {
        cl_program p = program(SOURCE, "-cl-kernel-arg-info");
        cl_kernel again = kernel(p, "kinds");
        for (int i = 0; i <= 10; i++) {
            assertEquals(Info.string(arg(kinds, i), CL_KERNEL_ARG_NAME), Info.string(arg(again, i), CL_KERNEL_ARG_NAME));
            assertEquals(typeName(kinds, i), typeName(again, i));
        }
        assertEquals(11, Info.uint(kernelQ(again), CL_KERNEL_NUM_ARGS), "11 arguments");
    }
}
