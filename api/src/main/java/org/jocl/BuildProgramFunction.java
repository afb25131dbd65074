package org.jocl;

/** Called when a program build (or compile, link) has finished. */
public interface BuildProgramFunction {

    void function(cl_program program, Object user_data);
}
