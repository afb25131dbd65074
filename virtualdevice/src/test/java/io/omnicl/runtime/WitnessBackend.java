package io.omnicl.runtime;

import io.omnicl.spi.Backend;
import io.omnicl.spi.Backends;
import io.omnicl.spi.DeviceSession;
import io.omnicl.spi.RealDevice;
import io.omnicl.spi.RealEvent;
import io.omnicl.spi.RealQueue;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * For tests: the installed backend's devices, seen through proxies that number the kernels launched (counting
 * those launched without a driver event) and, while the turnstile is closed ({@link #close}), hold every wait
 * for a driver event until the test lets it through ({@link #letOneThrough}). A test can then look at what OmniCL
 * says has ended against what it has waited for: the launches up to {@link #waitedFor}. Every command enqueued
 * on a queue is also logged ({@link #enqueued}): which queue, what, after which events, and its event.
 */
final class WitnessBackend implements Backend {

    private final Backend real = Backends.select("");
    private final AtomicInteger launched = new AtomicInteger();
    private final AtomicInteger withoutEvent = new AtomicInteger();
    /** Waits that came to the turnstile so far. */
    private final AtomicInteger arrivals = new AtomicInteger();
    /** The highest launch number a returned wait was for: all launches up to it have ended. */
    private final AtomicInteger waitedFor = new AtomicInteger(-1);
    private final Semaphore turnstile = new Semaphore(Integer.MAX_VALUE);
    private final List<Enqueued> enqueued = new CopyOnWriteArrayList<>();
    /** Reads from a device that came to be enqueued so far, and the gate that holds them ({@link #holdReads}). */
    private final AtomicInteger readArrivals = new AtomicInteger();
    private final Semaphore readGate = new Semaphore(Integer.MAX_VALUE);

    /** A command enqueued on {@code queue} (the proxy): the method, its wait list and its event (proxies; null if none). */
    record Enqueued(RealQueue queue, String method, List<?> waitFor, RealEvent event) {
    }

    @Override
    public String name() {
        return "witness";
    }

    @Override
    public List<RealDevice> devices() {
        return real.devices().stream().map(d -> witness(RealDevice.class, d)).toList();
    }

    /** How many kernels were launched so far: the next launch's number. */
    int launched() {
        return launched.get();
    }

    /** How many kernels were launched without an event. */
    int withoutEvent() {
        return withoutEvent.get();
    }

    /** The highest launch number that a wait that returned was for (a later command's wait covers it). */
    int waitedFor() {
        return waitedFor.get();
    }

    /** The commands enqueued so far, in the order they were, on every queue. */
    List<Enqueued> enqueued() {
        return List.copyOf(enqueued);
    }

    /** From now on a read from a device holds the thread enqueueing it until {@link #releaseReads}. */
    void holdReads() {
        readGate.drainPermits();
    }

    void releaseReads() {
        readGate.release(Integer.MAX_VALUE / 2);
    }

    /** How many reads came to be enqueued once more than {@code seen} have, or after {@code seconds}. */
    int readsAfter(int seen, int seconds) {
        return countAfter(readArrivals, seen, seconds);
    }

    /** From now on every wait for a driver event is held until let through. */
    void close() {
        turnstile.drainPermits();
    }

    void letOneThrough() {
        turnstile.release();
    }

    /** Lets every wait through from now on. */
    void open() {
        turnstile.release(Integer.MAX_VALUE / 2);
    }

    /** How many waits came to the turnstile once more than {@code seen} have, or after {@code seconds}. */
    int arrivalsAfter(int seen, int seconds) {
        return countAfter(arrivals, seen, seconds);
    }

    /** {@code count} once it is over {@code seen}, or after {@code seconds}. */
    private static int countAfter(AtomicInteger count, int seen, int seconds) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (count.get() <= seen && System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        return count.get();
    }

    /** {@code target} seen through {@code type}, with what it makes (sessions, queues, events) seen through too. */
    private <T> T witness(Class<T> type, T target) {
        return witness(type, target, -1);
    }

    /** As above, {@code covers} being the highest launch number that has ended when an event seen so has. */
    private <T> T witness(Class<T> type, T target, int covers) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                new Seen(target, covers)));
    }

    /** What a proxy of {@link #witness} does: the target's method, but waits held and launches counted. */
    private final class Seen implements InvocationHandler {
        private final Object target;
        private final int covers;

        Seen(Object target, int covers) {
            this.target = target;
            this.covers = covers;
        }

        @Override
        public Object invoke(Object proxy, Method m, Object[] args) throws Throwable {
            switch (m.getName()) {
                case "equals":
                    return proxy == args[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                case "await":
                    arrivals.incrementAndGet();
                    turnstile.acquireUninterruptibly();
                    Object status = call(target, m, args);
                    waitedFor.accumulateAndGet(covers, Math::max);
                    return status;
                default:
                    if (m.getName().equals("read") && target instanceof RealQueue) {
                        readArrivals.incrementAndGet();
                        readGate.acquireUninterruptibly();
                        readGate.release();
                    }
                    if (m.getName().equals("launch") && args.length == 7 && !(Boolean) args[6]) {
                        withoutEvent.incrementAndGet();
                    }
                    Object result = call(target, m, unwrap(args));
                    // an event of an in-order queue covers every launch made before it on the device
                    int last = m.getName().equals("launch") ? launched.getAndIncrement() : launched.get() - 1;
                    if (result instanceof DeviceSession s) {
                        return witness(DeviceSession.class, s);
                    }
                    if (result instanceof RealQueue q) {
                        return witness(RealQueue.class, q);
                    }
                    Object seen = result instanceof RealEvent e ? witness(RealEvent.class, e, last) : result;
                    if (target instanceof RealQueue && args != null) {
                        // every enqueue takes a wait list, its only list argument
                        Arrays.stream(args).filter(a -> a instanceof List<?>).findFirst().ifPresent(waitFor ->
                                enqueued.add(new Enqueued((RealQueue) proxy, m.getName(), (List<?>) waitFor,
                                        (RealEvent) seen)));
                    }
                    return seen;
            }
        }
    }

    /** The arguments with the proxies among them (alone or in lists) replaced by what they stand for. */
    private static Object[] unwrap(Object[] args) {
        if (args == null) {
            return null;
        }
        Object[] real = args.clone();
        for (int i = 0; i < real.length; i++) {
            real[i] = real[i] instanceof List<?> list ? list.stream().map(WitnessBackend::target).toList()
                    : target(real[i]);
        }
        return real;
    }

    private static Object target(Object o) {
        return o != null && Proxy.isProxyClass(o.getClass()) && Proxy.getInvocationHandler(o) instanceof Seen s
                ? s.target : o;
    }

    private static Object call(Object target, Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
