package org.jocl;

/** Called with errors that happen in a context. */
public interface CreateContextFunction {

    void function(String errinfo, Pointer private_info, long cb, Object user_data);
}
