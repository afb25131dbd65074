// A stack sampler for scripts/probes/Chain.java (the GPU machine's trimmed JRE has no JFR): counts the top frames
// and the frames anywhere in the stack of the main thread and OmniCL's device threads.
import java.util.*;
public class Sampler extends Thread {
  final Map<String, Integer> top = new HashMap<>(), incl = new HashMap<>();
  volatile boolean on = true; int samples;
  Sampler() { setDaemon(true); }
  public void run() {
    while (on) {
      for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
        String n = e.getKey().getName();
        if (!(n.equals("main") || n.startsWith("omnicl-device"))) continue;
        StackTraceElement[] st = e.getValue();
        if (st.length == 0) continue;
        if (e.getKey().getState() == Thread.State.WAITING || e.getKey().getState() == Thread.State.TIMED_WAITING) { top.merge(n + " | (parked) " + st[0].getMethodName(), 1, Integer::sum); continue; }
        top.merge(n + " | " + st[0].getClassName() + "." + st[0].getMethodName(), 1, Integer::sum);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < Math.min(st.length, 30); i++) { String f = n + " | " + st[i].getClassName() + "." + st[i].getMethodName(); if (seen.add(f)) incl.merge(f, 1, Integer::sum); }
      }
      samples++;
      try { Thread.sleep(0, 500000); } catch (InterruptedException x) { return; }
    }
  }
  void print() {
    on = false;
    System.out.println("samples " + samples);
    top.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(30).forEach(x -> System.out.println("T " + x.getValue() + " " + x.getKey()));
    incl.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue()).limit(50).forEach(x -> System.out.println("I " + x.getValue() + " " + x.getKey()));
  }
}
