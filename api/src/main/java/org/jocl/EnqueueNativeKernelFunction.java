package org.jocl;

/** A Java function run as a native kernel. */
public interface EnqueueNativeKernelFunction {

    void function(Object args);
}
