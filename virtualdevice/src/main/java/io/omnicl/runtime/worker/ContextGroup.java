package io.omnicl.runtime.worker;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceParam;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealDevice;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.omnicl.driver.OpenClConstants.CL_DEVICE_TYPE_GPU;

/**
 * Devices opened in one real context ({@code OMNICL_SHARED_CONTEXT}): the GPUs of one platform, so that a command of
 * one may wait for another's events (bytes relayed between them move with no thread waiting in between). The first
 * of them to start opens them all; each then takes its own session. Where the backend cannot open them together,
 * each opens alone, as without the group.
 */
public final class ContextGroup {

    private final List<DeviceNode> members;
    /** Sessions opened together and not yet taken; null before the first open. */
    private Map<DeviceNode, DeviceSession> opened;
    /** Read without the lock: a program thread planning a cut need not wait for the group's devices to open. */
    private volatile boolean apart;

    private ContextGroup(List<DeviceNode> members) {
        this.members = List.copyOf(members);
    }

    /** Puts the GPUs of each platform, two or more, in a group of their own. */
    public static void form(List<DeviceNode> nodes) {
        Map<String, List<DeviceNode>> gpus = new LinkedHashMap<>();
        for (DeviceNode n : nodes) {
            String platform = platformOfGpu(n);
            if (platform != null) {
                gpus.computeIfAbsent(platform, p -> new ArrayList<>()).add(n);
            }
        }
        for (List<DeviceNode> platform : gpus.values()) {
            if (platform.size() > 1) {
                ContextGroup group = new ContextGroup(platform);
                platform.forEach(n -> n.joinContext(group));
            }
        }
    }

    /** Whether {@code nodes}, two or more, would be of one group where the GPUs of a platform form one. */
    public static boolean wouldGroup(List<DeviceNode> nodes) {
        String platform = nodes.size() < 2 ? null : platformOfGpu(nodes.get(0));
        for (DeviceNode n : nodes) {
            if (platform == null || !platform.equals(platformOfGpu(n))) {
                return false;
            }
        }
        return true;
    }

    /** The platform of {@code n} where it is a GPU, else null. */
    private static String platformOfGpu(DeviceNode n) {
        return (n.info().getLong(DeviceParam.TYPE, 0) & CL_DEVICE_TYPE_GPU) != 0 ? n.device().platformName() : null;
    }

    /** Whether the group's devices opened each in a context of its own (the backend could not open them together). */
    boolean apart() {
        return apart;
    }

    /** {@code node}'s session: of the group's context where the backend opened it, else of a context of its own. */
    synchronized DeviceSession open(DeviceNode node) {
        if (opened == null && !apart) {
            List<RealDevice> others = new ArrayList<>();
            for (DeviceNode m : members.subList(1, members.size())) {
                others.add(m.device());
            }
            List<DeviceSession> sessions;
            try {
                sessions = members.get(0).device().openTogether(others);
            } catch (BackendException e) {
                // as if the backend could not: each device opens alone, and says what is wrong there
                sessions = null;
            }
            if (sessions == null) {
                apart = true;
            } else {
                opened = new HashMap<>();
                for (int i = 0; i < members.size(); i++) {
                    opened.put(members.get(i), sessions.get(i));
                }
            }
        }
        DeviceSession session = opened == null ? null : opened.remove(node);
        return session != null ? session : node.device().open();
    }
}
