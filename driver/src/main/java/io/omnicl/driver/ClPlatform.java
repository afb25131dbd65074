package io.omnicl.driver;

import java.util.List;

public interface ClPlatform extends ClObject {

    /** The devices whose type intersects {@code type} ({@code CL_DEVICE_TYPE_DEFAULT} gives the default one). */
    List<ClDevice> devices(long type);

    /**
     * A context over {@code devices} (devices of this platform).
     *
     * @param properties the property list as given, zero-terminated, or empty
     */
    ClContext createContext(List<ClDevice> devices, long[] properties);
}
