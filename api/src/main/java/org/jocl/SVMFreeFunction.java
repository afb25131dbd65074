package org.jocl;

/** Frees SVM pointers. */
public interface SVMFreeFunction {

    void function(cl_command_queue queue, int num_svm_pointers, Pointer[] svm_pointers, Object user_data);
}
