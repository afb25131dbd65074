package io.omnicl.driver;

public interface ClKernel extends ClObject, Counted {

    ClContext context();

    ClProgram program();

    /**
     * Sets argument {@code index}. {@code value} is what the user's pointer holds: a {@link ClMem} or null
     * (a pointer to a handle, or no pointer at all), or a {@code byte[]} of {@code size} bytes.
     */
    void setArg(int index, long size, Object value);

    InfoValue workGroupInfo(ClDevice device, int param);

    InfoValue argInfo(int index, int param);
}
