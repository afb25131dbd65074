package io.omnicl.runtime.access;

import java.util.HashMap;
import java.util.Map;

/**
 * Where the abstract run of the kernel stands at one point: each variable's value, the box of work-items that may
 * get here, whether some work-items of that box may have left already ({@code partial}), and whether any gets here.
 */
final class FlowState {

    final Map<String, Value> env;
    Box box;
    boolean partial;
    boolean reachable = true;

    FlowState(Map<String, Value> env, Box box, boolean partial) {
        this.env = env;
        this.box = box;
        this.partial = partial;
    }

    /** A copy to run a branch or a loop body on, with {@code box} as its work-items. */
    FlowState fork(Box branchBox, boolean branchPartial) {
        return new FlowState(new HashMap<>(env), branchBox, branchPartial);
    }

    /** Sets each of {@code names} that is a variable here to unknown (keeping its type). */
    void forget(Iterable<String> names) {
        for (String name : names) {
            Value v = env.get(name);
            if (v != null) {
                env.put(name, Value.unknown(v.type()));
            }
        }
    }

    /** The values two states agree on; others unknown. */
    static Map<String, Value> join(Map<String, Value> a, Map<String, Value> b) {
        Map<String, Value> out = new HashMap<>(a);
        for (Map.Entry<String, Value> e : a.entrySet()) {
            Value other = b.get(e.getKey());
            if (!e.getValue().equals(other)) {
                out.put(e.getKey(), Value.unknown(e.getValue().type()));
            }
        }
        return out;
    }
}
