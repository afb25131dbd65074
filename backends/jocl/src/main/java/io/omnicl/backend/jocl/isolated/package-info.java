/**
 * The classes that call the real JOCL. They exist only inside the isolated class loader of
 * {@link io.omnicl.backend.jocl.JoclBackend}: the build moves them out of the class path (to
 * {@code META-INF/omnicl/backend-jocl/isolated/}, as {@code .classdata}), because here {@code org.jocl} means the
 * real JOCL, while on the class path it is OmniCL's own facade. They reach the runtime only through the
 * {@code io.omnicl.spi} interfaces, which both loaders share.
 */
package io.omnicl.backend.jocl.isolated;
