package org.jocl;

/** Called when a memory object is destroyed. */
public interface MemObjectDestructorCallbackFunction {

    void function(cl_mem memobj, Object user_data);
}
