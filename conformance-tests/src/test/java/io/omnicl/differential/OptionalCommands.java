package io.omnicl.differential;

/**
 * Command families that can be left out of the generated programs, to narrow down a failure: each flag is a
 * system property ({@code -Ddifferential.rect=false}, {@code -Ddifferential.migrate=false}), on by default.
 *
 * @param rectTransfers clEnqueueReadBufferRect, clEnqueueWriteBufferRect and clEnqueueCopyBufferRect
 * @param migrations    clEnqueueMigrateMemObjects
 */
record OptionalCommands(boolean rectTransfers, boolean migrations) {

    static final String RECT_TRANSFERS_PROPERTY = "differential.rect";
    static final String MIGRATIONS_PROPERTY = "differential.migrate";

    private static final boolean RECT_TRANSFERS_BY_DEFAULT = true;
    private static final boolean MIGRATIONS_BY_DEFAULT = true;

    static OptionalCommands fromSystemProperties() {
        return new OptionalCommands(flag(RECT_TRANSFERS_PROPERTY, RECT_TRANSFERS_BY_DEFAULT),
                flag(MIGRATIONS_PROPERTY, MIGRATIONS_BY_DEFAULT));
    }

    private static boolean flag(String property, boolean byDefault) {
        String value = System.getProperty(property);
        return value == null || value.isBlank() ? byDefault : Boolean.parseBoolean(value.trim());
    }
}
