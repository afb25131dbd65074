package io.omnicl.spi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * One {@code clGet*Info} call of a backend, with everything bound but the parameter, and the decoding of its
 * answers, which is the same whatever makes the call: strings without their NUL, 4-byte numbers unsigned,
 * arrays of {@code size_t}. A backend supplies only {@link #read}; the device, kernel-argument and
 * work-group queries are composed here once.
 */
@FunctionalInterface
public interface InfoReader {

    /**
     * The value of {@code param}: exactly {@code width} bytes, or its whole value (size asked first) when
     * {@code width} is 0.
     *
     * @throws BackendException when the call fails
     */
    byte[] read(int param, int width);

    /**
     * {@code raw}, a backend's query, with each failure renamed after {@code call} and the parameter asked for,
     * so that every backend reports a failed query the same way.
     */
    static InfoReader naming(String call, InfoReader raw) {
        return (param, width) -> {
            try {
                return raw.read(param, width);
            } catch (BackendException e) {
                throw new BackendException(e.status(), call + "(0x" + Integer.toHexString(param) + ") failed");
            }
        };
    }

    /** A string parameter without its terminating NUL. */
    default String string(int param) {
        byte[] bytes = read(param, 0);
        int length = bytes.length;
        while (length > 0 && bytes[length - 1] == 0) {
            length--;
        }
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    /** A scalar parameter of {@code width} (4 or 8) bytes; 4-byte values are unsigned. */
    default long number(int param, int width) {
        return element(ByteBuffer.wrap(read(param, width)).order(ByteOrder.nativeOrder()), 0, width);
    }

    /** An array parameter whose elements are {@code width} bytes each. */
    default long[] numbers(int param, int width) {
        ByteBuffer value = ByteBuffer.wrap(read(param, 0)).order(ByteOrder.nativeOrder());
        long[] elements = new long[value.capacity() / width];
        for (int i = 0; i < elements.length; i++) {
            elements[i] = element(value, i, width);
        }
        return elements;
    }

    private static long element(ByteBuffer value, int index, int width) {
        return width == Integer.BYTES
            ? Integer.toUnsignedLong(value.getInt(index * width))
            : value.getLong(index * width);
    }

    /**
     * Every {@link DeviceParam} the device answers, read through this {@code clGetDeviceInfo}; a parameter
     * the device does not know is left out.
     *
     * @param sizeT the width of the platform's {@code size_t}
     */
    default DeviceInfo deviceInfo(int sizeT) {
        DeviceInfo.Builder info = DeviceInfo.builder();
        for (DeviceParam param : DeviceParam.values()) {
            if (param.type() == InfoType.HANDLE) {
                continue;
            }
            try {
                info.put(param, value(param.code(), param.type(), sizeT));
            } catch (BackendException unanswered) {
                // a device that does not know the parameter leaves it out
            }
        }
        return info.build();
    }

    private Object value(int param, InfoType type, int sizeT) {
        switch (type) {
            case STRING:
                return string(param);
            case SIZE_T_ARRAY:
            case PROPERTIES:
                return numbers(param, sizeT);
            case SIZE_T:
                return number(param, sizeT);
            default:
                return number(param, type.elementSize());
        }
    }

    /** One argument, read through this {@code clGetKernelArgInfo}. */
    default KernelArgInfo kernelArgInfo() {
        return new KernelArgInfo(
            (int) number(0x1196, Integer.BYTES), // CL_KERNEL_ARG_ADDRESS_QUALIFIER
            (int) number(0x1197, Integer.BYTES), // CL_KERNEL_ARG_ACCESS_QUALIFIER
            string(0x1198), // CL_KERNEL_ARG_TYPE_NAME
            number(0x1199, Long.BYTES), // CL_KERNEL_ARG_TYPE_QUALIFIER
            string(0x119a)); // CL_KERNEL_ARG_NAME
    }

    /**
     * A kernel on one device, read through this {@code clGetKernelWorkGroupInfo}.
     *
     * @param sizeT the width of the platform's {@code size_t}
     */
    default KernelWorkGroupInfo kernelWorkGroupInfo(int sizeT) {
        return new KernelWorkGroupInfo(
            number(0x11b0, sizeT), // CL_KERNEL_WORK_GROUP_SIZE
            numbers(0x11b1, sizeT), // CL_KERNEL_COMPILE_WORK_GROUP_SIZE
            number(0x11b2, Long.BYTES), // CL_KERNEL_LOCAL_MEM_SIZE
            number(0x11b3, sizeT), // CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE
            number(0x11b4, Long.BYTES)); // CL_KERNEL_PRIVATE_MEM_SIZE
    }
}
