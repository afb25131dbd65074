package io.omnicl.differential;

/**
 * Command families that OmniCL is still gaining. A family is generated only when its flag is on; each flag
 * is a system property ({@code -Ddifferential.rect=true}, {@code -Ddifferential.migrate=true}) whose default
 * is the constant below: switch a default to true once OmniCL answers the family with CL_SUCCESS.
 *
 * @param rectTransfers clEnqueueReadBufferRect, clEnqueueWriteBufferRect and clEnqueueCopyBufferRect
 * @param migrations    clEnqueueMigrateMemObjects
 */
record OptionalCommands(boolean rectTransfers, boolean migrations) {

    static final String RECT_TRANSFERS_PROPERTY = "differential.rect";
    static final String MIGRATIONS_PROPERTY = "differential.migrate";

    /** OmniCL answers the rect transfers with CL_INVALID_OPERATION (not implemented yet). */
    private static final boolean RECT_TRANSFERS_BY_DEFAULT = false;
    /** OmniCL answers clEnqueueMigrateMemObjects with CL_INVALID_OPERATION (not implemented yet). */
    private static final boolean MIGRATIONS_BY_DEFAULT = false;

    static OptionalCommands fromSystemProperties() {
        return new OptionalCommands(flag(RECT_TRANSFERS_PROPERTY, RECT_TRANSFERS_BY_DEFAULT),
                flag(MIGRATIONS_PROPERTY, MIGRATIONS_BY_DEFAULT));
    }

    private static boolean flag(String property, boolean byDefault) {
        String value = System.getProperty(property);
        return value == null || value.isBlank() ? byDefault : Boolean.parseBoolean(value.trim());
    }
}
