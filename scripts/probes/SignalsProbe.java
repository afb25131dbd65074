// The signal-handler probe of docs/benchmarks.md: runs FrameProbe (its -D options), then says for SIGILL, SIGBUS,
// SIGSEGV and SIGXFSZ whether the handler in place is the one SIGPIPE has (the JVM's, which no OpenCL driver takes):
// false where a driver's library (PoCL's LLVM) took the signal and kept it. Linux, LWJGL (in omnicl.jar):
//   javac -cp omnicl.jar FrameProbe.java SignalsProbe.java && java -Dplatform=OmniCL -cp omnicl.jar:. SignalsProbe
import org.lwjgl.system.*;
import org.lwjgl.system.linux.DynamicLinkLoader;
import static org.lwjgl.system.MemoryUtil.*;
public class SignalsProbe {
  static long handler(int sig) {
    long fn;
    try (MemoryStack s = MemoryStack.stackPush()) { fn = DynamicLinkLoader.ndlsym(NULL, memAddress(s.ASCII("sigaction"))); }
    java.nio.ByteBuffer b = memCalloc(256);
    JNI.invokePPI(sig, NULL, memAddress(b), fn);
    long h = memGetAddress(memAddress(b)); memFree(b); return h;
  }
  public static void main(String[] a) throws Exception {
    FrameProbe.main(a);
    long jvm = handler(13);
    for (int sig : new int[]{4, 7, 11, 25}) System.out.println("signal " + sig + " has the JVM's handler: " + (handler(sig) == jvm));
  }
}
