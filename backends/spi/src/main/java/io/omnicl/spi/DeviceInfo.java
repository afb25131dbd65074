package io.omnicl.spi;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * An immutable snapshot of a device's info parameters. Values are typed per {@link InfoType}:
 * {@code Long} for numbers, booleans and bitfields, {@code String} for strings, {@code long[]} for
 * arrays.
 */
public final class DeviceInfo {

    private final Map<DeviceParam, Object> values;

    private DeviceInfo(Map<DeviceParam, Object> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    /** Whether the device answered this parameter. */
    public boolean has(DeviceParam p) {
        return values.containsKey(p);
    }

    /** The raw value, or null when absent. Arrays are returned as copies. */
    public Object get(DeviceParam p) {
        Object v = values.get(p);
        return v instanceof long[] ? ((long[]) v).clone() : v;
    }

    /** A numeric, boolean or bitfield value; {@code fallback} when absent. */
    public long getLong(DeviceParam p, long fallback) {
        Object v = values.get(p);
        return v instanceof Long ? (Long) v : fallback;
    }

    public boolean getBool(DeviceParam p) {
        return getLong(p, 0) != 0;
    }

    /** A string value; empty when absent. */
    public String getString(DeviceParam p) {
        Object v = values.get(p);
        return v instanceof String ? (String) v : "";
    }

    /** An array value; empty when absent. */
    public long[] getArray(DeviceParam p) {
        Object v = values.get(p);
        return v instanceof long[] ? ((long[]) v).clone() : new long[0];
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects values, checking each against its parameter's type. */
    public static final class Builder {
        private final Map<DeviceParam, Object> values = new EnumMap<>(DeviceParam.class);

        public Builder put(DeviceParam p, Object value) {
            boolean ok;
            switch (p.type()) {
                case STRING:
                    ok = value instanceof String;
                    break;
                case SIZE_T_ARRAY:
                case PROPERTIES:
                    ok = value instanceof long[];
                    break;
                case HANDLE:
                    ok = false;
                    break;
                default:
                    ok = value instanceof Long;
            }
            if (!ok) {
                throw new IllegalArgumentException(p + " cannot hold " + value);
            }
            values.put(p, value instanceof long[] ? ((long[]) value).clone() : value);
            return this;
        }

        public DeviceInfo build() {
            return new DeviceInfo(new EnumMap<>(values));
        }
    }
}
