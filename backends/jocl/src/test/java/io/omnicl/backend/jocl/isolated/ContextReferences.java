package io.omnicl.backend.jocl.isolated;

import static org.jocl.CL.CL_CONTEXT_REFERENCE_COUNT;
import static org.jocl.CL.clGetContextInfo;

import java.lang.reflect.Method;
import java.util.function.ToLongFunction;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_context;

/**
 * A test probe that runs inside the isolated loader (the build stores it as {@code .classdata}, like the classes
 * it probes): the reference count of a session's context, which only the real JOCL can ask for. It is compiled
 * without the main isolated classes, which have left the class path by then, so it reaches
 * {@code JoclSession.context()} by reflection (allowed: the same package of the same loader).
 */
public final class ContextReferences implements ToLongFunction<Object> {

    @Override
    public long applyAsLong(Object session) {
        try {
            Method context = session.getClass().getDeclaredMethod("context");
            int[] count = new int[1];
            int status = clGetContextInfo((cl_context) context.invoke(session), CL_CONTEXT_REFERENCE_COUNT,
                Sizeof.cl_uint, Pointer.to(count), null);
            if (status != 0) {
                throw new IllegalStateException("clGetContextInfo: " + status);
            }
            return Integer.toUnsignedLong(count[0]);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
