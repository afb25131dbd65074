package io.omnicl.driver;

/**
 * A real device behind the OmniCL platform, as the backend found it.
 *
 * @param index          its index among the real devices, from 0 (pinned device {@code index + 1})
 * @param name           {@code CL_DEVICE_NAME}
 * @param platform       its platform's {@code CL_PLATFORM_NAME}
 * @param platformVersion its platform's {@code CL_PLATFORM_VERSION}
 * @param version        the device's {@code CL_DEVICE_VERSION}
 * @param backend        the backend that reaches it ({@code lwjgl}, {@code jocl})
 */
public record RealDeviceDescription(int index, String name, String platform, String platformVersion,
                                    String version, String backend) {
}
