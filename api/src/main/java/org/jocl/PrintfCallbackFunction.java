package org.jocl;

/** Receives a kernel's printf output. */
public interface PrintfCallbackFunction {

    void function(cl_context context, int printf_data_len, String printf_data_ptr, Object user_data);
}
