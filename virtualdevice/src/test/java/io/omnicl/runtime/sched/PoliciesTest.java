package io.omnicl.runtime.sched;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Each policy over workers and tasks of its own view ({@link Worker}, {@link Task}): no device needed. */
class PoliciesTest {

    /** A worker that is idle unless told otherwise, with a speed, counting its wake-ups. */
    private static final class StubWorker implements Worker {
        final int index;
        final DeviceSpeed speed;
        long busyUntil;
        int wakes;
        double expected;

        StubWorker(int index, double opsPerNano) {
            this.index = index;
            this.speed = new DeviceSpeed(opsPerNano, 1, 1, 1_000);
        }

        @Override
        public int index() {
            return index;
        }

        @Override
        public String modelId() {
            return "stub " + index;
        }

        @Override
        public DeviceSpeed speed() {
            return speed;
        }

        @Override
        public long freeAt(long now) {
            return Math.max(now, busyUntil);
        }

        @Override
        public void expect(double nanos) {
            expected += nanos;
        }

        @Override
        public void wake() {
            wakes++;
        }
    }

    /** A task that would have to bring {@code bytes} from the host to node {@code lacking}, nothing elsewhere. */
    private record StubTask(long candidates, int lacking, long bytes) implements Task {
        StubTask(long candidates) {
            this(candidates, 0, 0);
        }

        @Override
        public void abandon(int status) {
        }

        @Override
        public Fetch fetchTo(int node) {
            return node == lacking ? new Fetch(bytes, 0) : Fetch.NONE;
        }
    }

    private static List<StubWorker> workers(double... speeds) {
        List<StubWorker> all = new ArrayList<>();
        for (int i = 0; i < speeds.length; i++) {
            all.add(new StubWorker(i + 1, speeds[i]));
        }
        return all;
    }

    private static Scheduler<StubTask> policy(String name, List<StubWorker> workers) {
        PerfModel model = new PerfModel(null);
        workers.forEach(w -> model.setSpeed(w.modelId(), w.speed()));
        return Schedulers.create(name, workers, model);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dmda", "eager", "ws", "random"})
    void aTaskGoesOnlyToItsCandidatesAndWakesOnlyThem(String name) {
        List<StubWorker> ws = workers(1, 1, 1);
        Scheduler<StubTask> s = policy(name, ws);
        StubTask onlyThird = new StubTask(ws.get(2).bit());
        s.push(onlyThird);
        assertEquals(0, ws.get(0).wakes + ws.get(1).wakes, "non-candidates woken");
        assertEquals(1, ws.get(2).wakes);
        assertNull(s.pop(ws.get(0)));
        assertNull(s.pop(ws.get(1)));
        assertSame(onlyThird, s.pop(ws.get(2)));
        assertNull(s.pop(ws.get(2)), "a task is given once");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dmda", "eager", "ws", "random"})
    void everyTaskPushedIsPoppedOnceByTheWorkersTogether(String name) {
        List<StubWorker> ws = workers(1, 1);
        Scheduler<StubTask> s = policy(name, ws);
        long both = ws.get(0).bit() | ws.get(1).bit();
        List<StubTask> pushed = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            StubTask t = new StubTask(both);
            pushed.add(t);
            s.push(t);
        }
        // tasks alike are still different tasks: compared by identity
        Set<StubTask> popped = Collections.newSetFromMap(new IdentityHashMap<>());
        int idleRounds = 0;
        for (int turn = 0; popped.size() < pushed.size() && idleRounds < 4; turn++) {
            StubTask t = s.pop(ws.get(turn % 2));
            if (t == null) {
                idleRounds++;
            } else {
                idleRounds = 0;
                assertEquals(true, popped.add(t), "popped twice");
            }
        }
        assertEquals(pushed.size(), popped.size());
        assertEquals(true, popped.containsAll(pushed));
    }

    @ParameterizedTest
    @ValueSource(strings = {"dmda", "eager", "ws", "random"})
    void aWorkerMayHaveWorkWhileATaskItCouldRunWaits(String name) {
        List<StubWorker> ws = workers(1, 1);
        Scheduler<StubTask> s = policy(name, ws);
        StubTask t = new StubTask(ws.get(0).bit() | ws.get(1).bit());
        s.push(t);
        assertEquals(true, s.mayHaveWorkFor(ws.get(0)));
        assertEquals(true, s.mayHaveWorkFor(ws.get(1)));
    }

    @Test
    void dmdaKnowsWhenNothingIsLeftForAWorker() {
        List<StubWorker> ws = workers(1, 1);
        Scheduler<StubTask> s = policy("dmda", ws);
        assertEquals(false, s.mayHaveWorkFor(ws.get(0)), "nothing pushed");
        s.push(new StubTask(ws.get(1).bit()));
        assertEquals(false, s.mayHaveWorkFor(ws.get(0)), "the only task is the other's");
        StubTask both = new StubTask(ws.get(0).bit() | ws.get(1).bit());
        s.push(both);
        assertEquals(true, s.mayHaveWorkFor(ws.get(0)));
        // the other worker takes both tasks: nothing is left for the first
        assertNotNull(s.pop(ws.get(1)));
        assertNotNull(s.pop(ws.get(1)));
        assertEquals(false, s.mayHaveWorkFor(ws.get(0)), "the task it could run was taken");
    }

    @Test
    void dmdaLeavesASingleTaskToTheDeviceThatCompletesItFirst() {
        List<StubWorker> ws = workers(0.1, 10);
        Scheduler<StubTask> s = policy("dmda", ws);
        StubTask t = new StubTask(ws.get(0).bit() | ws.get(1).bit());
        s.push(t);
        assertNull(s.pop(ws.get(0)), "the slow device takes the only task");
        assertSame(t, s.pop(ws.get(1)));
    }

    @Test
    void dmdaLetsTheSlowDeviceHelpWhileThereIsMuchToDo() {
        List<StubWorker> ws = workers(0.1, 10);
        Scheduler<StubTask> s = policy("dmda", ws);
        long both = ws.get(0).bit() | ws.get(1).bit();
        for (int i = 0; i < 1000; i++) {
            s.push(new StubTask(both));
        }
        assertNotNull(s.pop(ws.get(0)), "the fast device alone would take longer than the slow one's single task");
        assertEquals(true, ws.get(0).expected > 0, "the taker is told how long it will be busy");
    }

    @Test
    void dmdaCountsTheBytesADeviceWouldHaveToBring() {
        List<StubWorker> ws = workers(1, 1);
        Scheduler<StubTask> s = policy("dmda", ws);
        // the first device would have to upload 1 GB first
        s.push(new StubTask(ws.get(0).bit() | ws.get(1).bit(), 1, 1L << 30));
        assertNull(s.pop(ws.get(0)), "the device lacking the data takes the task");
        assertNotNull(s.pop(ws.get(1)));
    }

    @Test
    void dmdaSendsNewDataToADeviceThatDominatesElseToEveryComparableOne() {
        List<StubWorker> dominated = workers(1, 100);
        long both = dominated.get(0).bit() | dominated.get(1).bit();
        assertEquals(dominated.get(1).bit(), policy("dmda", dominated).homeOfNewData(both));
        List<StubWorker> comparable = workers(1, 2);
        assertEquals(both, policy("dmda", comparable).homeOfNewData(both));
    }

    @Test
    void anUnknownPolicyIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> policy("fastest", workers(1)));
    }
}
