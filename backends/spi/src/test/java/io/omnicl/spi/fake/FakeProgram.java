package io.omnicl.spi.fake;

import io.omnicl.spi.BackendException;
import io.omnicl.spi.RealKernel;
import io.omnicl.spi.RealProgram;
import io.omnicl.spi.suite.ClCodes;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A program of a fake device. Building reads the source's {@code __kernel} signatures; it fails, with a log that
 * says why, where a signature cannot be read or a kernel has no Java body ({@link FakeConfig#kernels()}). A binary
 * is the source behind a header naming the device, which only devices of that name take back.
 */
final class FakeProgram extends FakeObject implements RealProgram {

    private enum State { NONE, COMPILED, LIBRARY, EXECUTABLE }

    private final String source;
    private volatile State state = State.NONE;
    private volatile String log = "";
    private volatile List<KernelSource.Signature> kernels = List.of();

    private FakeProgram(FakeSession session, String source) {
        super(session, ClCodes.CL_INVALID_PROGRAM, true);
        this.source = source;
    }

    static FakeProgram fromSource(FakeSession session, String source) {
        return new FakeProgram(session, source);
    }

    static FakeProgram fromBinary(FakeSession session, byte[] binary) {
        byte[] header = header(session.fakeDevice());
        if (binary.length < header.length || !Arrays.equals(binary, 0, header.length, header, 0, header.length)) {
            throw new BackendException(ClCodes.CL_INVALID_BINARY, "not a binary of " + session.device().name());
        }
        return new FakeProgram(session, new String(binary, header.length, binary.length - header.length,
                StandardCharsets.UTF_8));
    }

    /** Compiled programs or libraries linked into a new program: a library, or an executable. */
    static FakeProgram linked(FakeSession session, List<FakeProgram> parts, String options) {
        StringBuilder source = new StringBuilder();
        for (FakeProgram p : parts) {
            if (p.state != State.COMPILED && p.state != State.LIBRARY) {
                throw new BackendException(ClCodes.CL_INVALID_OPERATION, "a program to link is not compiled");
            }
            source.append(p.source).append('\n');
        }
        FakeProgram linked = new FakeProgram(session, source.toString());
        if (!linked.make(options.contains("-create-library") ? State.LIBRARY : State.EXECUTABLE)) {
            String why = linked.log;
            linked.release();
            throw new BackendException(ClCodes.CL_LINK_PROGRAM_FAILURE, why);
        }
        return linked;
    }

    private static byte[] header(FakeDevice device) {
        return ("OmniCL fake binary for " + device.name() + "\n").getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public boolean build(String options) {
        requireLive();
        session().fakeDevice().built();
        return make(State.EXECUTABLE);
    }

    @Override
    public boolean compile(String options, List<RealProgram> headers, List<String> headerNames) {
        requireLive();
        for (RealProgram h : headers) {
            FakeObject.own(h, FakeProgram.class, session(), ClCodes.CL_INVALID_PROGRAM);
        }
        return make(State.COMPILED);
    }

    /** Reads the kernels of the source into a program of state {@code target}; false, with a log, when it cannot. */
    private boolean make(State target) {
        String problem;
        List<KernelSource.Signature> found = List.of();
        try {
            found = KernelSource.parse(source);
            problem = target == State.EXECUTABLE ? unrunnable(found) : null;
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
        }
        if (problem != null) {
            state = State.NONE;
            kernels = List.of();
            log = problem;
            return false;
        }
        kernels = found;
        log = "";
        state = target;
        return true;
    }

    /** What keeps these kernels from being an executable, or null. */
    private String unrunnable(List<KernelSource.Signature> found) {
        Set<String> names = new HashSet<>();
        List<String> missing = new ArrayList<>();
        for (KernelSource.Signature k : found) {
            if (!names.add(k.name())) {
                return "error: kernel " + k.name() + " is defined twice";
            }
            if (session().fakeDevice().backend().body(k.name()) == null) {
                missing.add(k.name());
            }
        }
        return missing.isEmpty() ? null
                : "error: the fake backend has no Java body for kernel " + String.join(", ", missing);
    }

    @Override
    public String buildLog() {
        return log;
    }

    @Override
    public byte[] binary() {
        requireLive();
        if (state == State.NONE) {
            return new byte[0];
        }
        byte[] header = header(session().fakeDevice());
        byte[] text = source.getBytes(StandardCharsets.UTF_8);
        byte[] binary = Arrays.copyOf(header, header.length + text.length);
        System.arraycopy(text, 0, binary, header.length, text.length);
        return binary;
    }

    @Override
    public List<String> kernelNames() {
        requireExecutable();
        if (session().fakeDevice().namesNoKernels()) {
            throw new BackendException(ClCodes.CL_INVALID_PROGRAM_EXECUTABLE, "no kernel names here");
        }
        return kernels.stream().map(KernelSource.Signature::name).toList();
    }

    @Override
    public RealKernel createKernel(String name) {
        requireExecutable();
        session().fakeDevice().creatingKernel();
        for (KernelSource.Signature k : kernels) {
            if (k.name().equals(name)) {
                return new FakeKernel(session(), k, session().fakeDevice().backend().body(name));
            }
        }
        throw new BackendException(ClCodes.CL_INVALID_KERNEL_NAME, "no kernel " + name);
    }

    private void requireExecutable() {
        requireLive();
        if (state != State.EXECUTABLE) {
            throw new BackendException(ClCodes.CL_INVALID_PROGRAM_EXECUTABLE, "the program is not built");
        }
    }
}
