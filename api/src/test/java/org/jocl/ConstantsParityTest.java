package org.jocl;

import io.omnicl.driver.OpenClConstants;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runtime's constants ({@link OpenClConstants}) have the values the facade's {@link CL} gives them. */
class ConstantsParityTest {

    @Test
    void everyRuntimeConstantEqualsTheFacadesOfTheSameName() throws Exception {
        int compared = 0;
        for (Field own : OpenClConstants.class.getDeclaredFields()) {
            if (!Modifier.isStatic(own.getModifiers())) {
                continue;
            }
            Field facade = CL.class.getField(own.getName());
            assertEquals(((Number) facade.get(null)).longValue(), ((Number) own.get(null)).longValue(), own.getName());
            compared++;
        }
        assertTrue(compared > 100, "compared " + compared + " constants");
    }
}
