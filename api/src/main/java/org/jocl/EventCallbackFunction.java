package org.jocl;

/** Called when an event reaches a status. */
public interface EventCallbackFunction {

    void function(cl_event event, int command_exec_callback_type, Object user_data);
}
