package io.omnicl.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** Finds the installed backends. */
public final class Backends {

    private Backends() {
    }

    /** Every backend on the class path, in class path order. */
    public static List<Backend> available() {
        List<Backend> all = new ArrayList<>();
        for (Backend b : ServiceLoader.load(Backend.class, Backends.class.getClassLoader())) {
            all.add(b);
        }
        return all;
    }

    /**
     * The backend called {@code name}, or the first one found when {@code name} is null or empty.
     *
     * @throws IllegalStateException when there is none of that name
     */
    public static Backend select(String name) {
        List<Backend> all = available();
        for (Backend b : all) {
            if (name == null || name.isEmpty() || b.name().equalsIgnoreCase(name)) {
                return b;
            }
        }
        List<String> names = new ArrayList<>();
        all.forEach(b -> names.add(b.name()));
        throw new IllegalStateException("no OmniCL backend named '" + name + "'; installed: " + names);
    }
}
