package io.omnicl.demos.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where a workload runs, as a child JVM is told it: the platform (by a part of its name), which of its
 * devices (indices into the platform's device list), how tasks go to their queues, and whether the one
 * queue is SOCL-style: out of order and created with no device, so the platform places every command.
 *
 * @param platform   a part of the platform's name ("OmniCL", "Portable Computing Language", "SOCL")
 * @param devices    indices into the platform's devices; one queue each, unless {@code anyDevice}
 * @param placement  how tasks go to the queues
 * @param anyDevice  one out-of-order queue with a NULL device over a context of all {@code devices}
 */
public record TargetSpec(String platform, List<Integer> devices, Placement placement, boolean anyDevice) {

    public TargetSpec {
        devices = List.copyOf(devices);
        if (devices.isEmpty()) {
            throw new IllegalArgumentException("a target needs at least one device");
        }
        if ((placement == Placement.ONE_QUEUE) != (devices.size() == 1 || anyDevice)) {
            throw new IllegalArgumentException("one queue needs one device or a device-less queue; "
                    + "a split needs several devices: " + placement + " over " + devices);
        }
    }

    /** Everything on one device of the platform. */
    public static TargetSpec single(String platform, int device) {
        return new TargetSpec(platform, List.of(device), Placement.ONE_QUEUE, false);
    }

    /** Tasks split by hand over one in-order queue per device. */
    public static TargetSpec split(String platform, List<Integer> devices, Placement placement) {
        return new TargetSpec(platform, devices, placement, false);
    }

    /** One out-of-order queue created with no device, over all {@code devices}: the platform places tasks. */
    public static TargetSpec anyDevice(String platform, List<Integer> devices) {
        return new TargetSpec(platform, devices, Placement.ONE_QUEUE, true);
    }

    /** As command-line arguments of the child. */
    public List<String> toArgs() {
        List<String> args = new ArrayList<>(List.of("--platform", platform, "--devices",
                devices.stream().map(String::valueOf).collect(Collectors.joining(",")),
                "--placement", placement.name().toLowerCase(Locale.ROOT)));
        if (anyDevice) {
            args.add("--any-device");
        }
        return args;
    }

    /** Parses what {@link #toArgs} wrote, from the child's options. */
    public static TargetSpec fromOptions(Options o) {
        List<Integer> devices = Arrays.stream(o.get("devices", "0").split(",")).map(String::trim)
                .map(Integer::parseInt).toList();
        return new TargetSpec(o.get("platform", "OmniCL"), devices,
                Placement.valueOf(o.get("placement", "one_queue").toUpperCase(Locale.ROOT)), o.flag("any-device"));
    }
}
