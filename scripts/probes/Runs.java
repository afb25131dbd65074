// The warm-up curve of a bench workload (docs/benchmarks.md): -Druns runs of <workload> in one JVM on device -Ddev of
// the platform named by -Dplatform, each run's time printed, as the bench's child does them (after its warm-ups
// it times only the next one), then the median of the second half. Further arguments go to the workload (e.g. --width 4096). On the real JOCL jar:
//   java -cp jocl-2.0.5.jar:omnicl.jar:. -Dplatform=NVIDIA -Ddev=0 Runs mandelbrot
// and on OmniCL: java -cp omnicl.jar:. -Dplatform=OmniCL -Ddev=1 Runs mandelbrot
import io.omnicl.demos.bench.*;
import org.jocl.cl_program;
import java.util.*;
public class Runs {
  public static void main(String[] a) {
    Workload w = Workloads.create(a[0], Options.parse(Arrays.copyOfRange(a, 1, a.length)));
    try (Target t = Target.open(TargetSpec.single(System.getProperty("platform"), Integer.getInteger("dev", 0)))) {
      cl_program p = t.build(w.source());
      int runs = Integer.getInteger("runs", 40);
      double[] ms = new double[runs];
      StringBuilder sb = new StringBuilder(t.platformName() + " " + a[0] + " ms per run:");
      for (int i = 0; i < runs; i++) {
        Workload.Outcome o = w.run(t, p);
        ms[i] = o.nanos() / 1e6;
        sb.append(String.format(" %.1f%s", ms[i], o.correct() ? "" : "(wrong)"));
      }
      double[] late = Arrays.copyOfRange(ms, runs / 2, runs);
      Arrays.sort(late);
      System.out.println(sb + String.format("%n  median of the last %d runs: %.2f ms", late.length, late[late.length / 2]));
    }
    System.exit(0);
  }
}
