package io.omnicl.differential;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Sets a property's tries from the system property {@value #TRIES} (an annotation attribute cannot be read
 * at run time), and its seed from {@value #SEED} when given, to replay a run. Everything else stays with
 * jqwik: generation, shrinking, the failure database, the seed report.
 */
public final class TriesFromSystemProperty implements AroundPropertyHook {

    static final String TRIES = "differential.tries";
    static final String SEED = "differential.seed";

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        String tries = System.getProperty(TRIES);
        if (tries != null && !tries.isBlank()) {
            context.attributes().setTries(Integer.parseInt(tries.trim()));
        }
        String seed = System.getProperty(SEED);
        if (seed != null && !seed.isBlank()) {
            context.attributes().setSeed(seed.trim());
        }
        return property.execute();
    }
}
