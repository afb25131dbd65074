package io.omnicl.spi.suite;

import static io.omnicl.spi.suite.ClCodes.CL_INVALID_COMPILER_OPTIONS;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_LINKER_OPTIONS;
import static io.omnicl.spi.suite.ClCodes.CL_INVALID_PROGRAM;
import static io.omnicl.spi.suite.ClCodes.CL_LINK_PROGRAM_FAILURE;
import static io.omnicl.spi.suite.Pocl.assertStatus;
import static io.omnicl.spi.suite.Pocl.awaitAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealBuffer;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.RealQueue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Separate compilation: headers by name, libraries, links and their failures. */
public abstract class CompileLinkContract extends BackendContract {

    private static final String HEADER = "float twice(float x);";
    private static final String LIBRARY = "float twice(float x) { return 2 * x; }";
    private static final String MAIN = """
        #include "math/twice.h"
        __kernel void doubled(__global float* x) {
            size_t i = get_global_id(0);
            x[i] = twice(x[i]) + 1;
        }
        """;

    private DeviceSession session;
    private final List<RealProgram> programs = new ArrayList<>();

    @BeforeEach
    void open() {
        session = device(0).open();
    }

    @AfterEach
    void close() {
        programs.forEach(RealProgram::release);
        session.close();
    }

    private RealProgram program(String source) {
        RealProgram program = session.createProgram(source);
        programs.add(program);
        return program;
    }

    private RealProgram compiled(String source, List<RealProgram> headers, List<String> names) {
        RealProgram program = program(source);
        assertTrue(program.compile(ProgramContract.OPTIONS, headers, names), program::buildLog);
        return program;
    }

    @Test
    void compilesWithANamedHeaderAndLinksWithTheLibrary() {
        RealProgram main = compiled(MAIN, List.of(program(HEADER)), List.of("math/twice.h"));
        RealProgram library = compiled(LIBRARY, List.of(), List.of());
        RealProgram linked = session.link(List.of(main, library), null);
        programs.add(linked);
        assertEquals(List.of("doubled"), linked.kernelNames());
        assertEquals(List.of(1f, 5f, -3f), run(linked));
    }

    @Test
    void linksThroughALibraryMadeByTheLinker() {
        RealProgram main = compiled(MAIN, List.of(program(HEADER)), List.of("math/twice.h"));
        RealProgram library = session.link(List.of(compiled(LIBRARY, List.of(), List.of())), "-create-library");
        programs.add(library);
        RealProgram linked = session.link(List.of(library, main), "");
        programs.add(linked);
        assertEquals(List.of(1f, 5f, -3f), run(linked));
    }

    @Test
    void aFailedCompilationReturnsFalseWithTheLog() {
        RealProgram main = program(MAIN);
        // the header is not given, so the include fails
        assertFalse(main.compile(ProgramContract.OPTIONS, List.of(), List.of()));
        assertTrue(main.buildLog().contains("twice.h"), main.buildLog());
        assertStatus(CL_INVALID_COMPILER_OPTIONS, () -> program(LIBRARY).compile("-cl-no-such-option", List.of(),
            List.of()));
    }

    @Test
    void linkFailuresCarryTheDevicesStatus() {
        RealProgram main = compiled(MAIN, List.of(program(HEADER)), List.of("math/twice.h"));
        RealProgram library = compiled(LIBRARY, List.of(), List.of());
        // twice() is missing without the library
        assertEquals(CL_LINK_PROGRAM_FAILURE, assertThrows(BackendException.class,
            () -> session.link(List.of(main), null)).status());
        assertStatus(CL_INVALID_LINKER_OPTIONS, () -> session.link(List.of(main, library), "-no-such-linker-option"));
        RealProgram released = compiled(LIBRARY, List.of(), List.of());
        programs.remove(released);
        released.release();
        assertStatus(CL_INVALID_PROGRAM, () -> session.link(List.of(main, released), null));
        assertStatus(CL_INVALID_PROGRAM, () -> main.compile(null, List.of(released), List.of("x.h")));
    }

    private List<Float> run(RealProgram linked) {
        RealQueue queue = session.createQueue(false);
        RealKernel kernel = linked.createKernel("doubled");
        RealBuffer data = session.allocate(3 * Float.BYTES);
        kernel.setArg(0, data);
        ByteBuffer read = Pocl.direct(3 * Float.BYTES);
        awaitAll(queue.write(data, 0, Pocl.floats(0, 2, -2), List.of()),
            queue.launch(kernel, 1, null, new long[] {3}, null, List.of()),
            queue.read(data, 0, read, List.of()));
        kernel.release();
        data.release();
        queue.release();
        float[] values = Pocl.floats(read);
        assertArrayEquals(new float[] {1, 5, -3}, values);
        return List.of(values[0], values[1], values[2]);
    }
}
