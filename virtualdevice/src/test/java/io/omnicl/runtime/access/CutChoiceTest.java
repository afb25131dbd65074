package io.omnicl.runtime.access;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the way of the next launch is learnt from the intervals between launches' ends. */
class CutChoiceTest {

    private static boolean cut(CutChoice choice) {
        return choice.next(Double.NaN) == CutChoice.Next.CUT;
    }

    /** Launches one after the other, each taking {@code cutNanos} cut or {@code wholeNanos} whole; the ways taken. */
    private static List<Boolean> run(CutChoice choice, int launches, long cutNanos, long wholeNanos) {
        return nexts(choice, launches, cutNanos, wholeNanos).stream().map(n -> n == CutChoice.Next.CUT).toList();
    }

    /** As {@link #run}, each launch's {@link CutChoice.Next}. */
    private static List<CutChoice.Next> nexts(CutChoice choice, int launches, long cutNanos, long wholeNanos) {
        return nexts(choice, launches, cutNanos, wholeNanos, Double.NaN);
    }

    /** As {@link #nexts}, where the performance model expects the launch whole to take {@code expectedWhole}. */
    private static List<CutChoice.Next> nexts(CutChoice choice, int launches, long cutNanos, long wholeNanos,
                                              double expectedWhole) {
        List<CutChoice.Next> nexts = new ArrayList<>();
        long now = 0;
        for (int i = 0; i < launches; i++) {
            CutChoice.Next next = choice.next(expectedWhole);
            long enqueued = now;
            now += next == CutChoice.Next.CUT ? cutNanos : wholeNanos;
            choice.ended(next == CutChoice.Next.CUT, enqueued, now);
            nexts.add(next);
        }
        return nexts;
    }

    /**
     * A program that enqueues each launch once the one before has ended and it has read its result: the second cut
     * launch's result takes long to read (the JIT had not compiled the code that reads a cut launch's), every other
     * read is short. Cut launches end sooner.
     */
    @Test
    void whatTheProgramDoesBetweenLaunchesIsNotTheLaunchs() {
        CutChoice choice = new CutChoice();
        List<Boolean> ways = new ArrayList<>();
        long now = 0;
        for (int i = 0; i < 12; i++) {
            boolean cut = cut(choice);
            long enqueued = now;
            now += cut ? 70 : 100;
            choice.ended(cut, enqueued, now);
            ways.add(cut);
            now += i == 1 ? 90 : 30;
        }
        assertEquals(List.of(true, true, true, false, false, false), ways.subList(0, 6));
        assertFalse(ways.subList(6, 12).contains(false), "cut, which ended sooner once enqueued: " + ways);
    }

    /**
     * Launches the choice said to cut but that ran whole for reasons of their own (too short to cut, say) count as
     * neither way: the choice goes on as if they had not been made, and does not take them for its tries of the whole
     * way (which would then be reported as tried against cut launches that never ran).
     */
    @Test
    void launchesRefusedACutCountAsNeitherWay() {
        CutChoice choice = new CutChoice();
        for (int i = 0; i < 10; i++) {
            assertEquals(CutChoice.Next.CUT, choice.next(Double.NaN), "still the first cut launches, at " + i);
            choice.refused();
        }
        // two program threads asking in turn, each refused after the other asked
        for (int i = 0; i < 10; i++) {
            assertEquals(CutChoice.Next.CUT, choice.next(Double.NaN), "one thread's, at " + i);
            assertEquals(CutChoice.Next.CUT, choice.next(Double.NaN), "the other's, at " + i);
            choice.refused();
            choice.refused();
        }
        assertEquals(List.of(true, true, true, false, false, false), run(choice, 6, 100, 300));
    }

    @Test
    void theFirstLaunchesAreCutThenWholeThenTheSoonerWayStays() {
        List<Boolean> ways = run(new CutChoice(), 40, 100, 300);
        assertEquals(List.of(true, true, true, false, false, false), ways.subList(0, 6));
        // but for the three launches that try the other way again after 16
        assertEquals(3, ways.subList(6, 40).stream().filter(w -> !w).count(), "cut, which ended sooner: " + ways);
    }

    /** Whole launches say whether they try that way (at first, at each check) or run whole as the sooner way. */
    @Test
    void wholeLaunchesSayWhetherTheyTryThatWay() {
        List<CutChoice.Next> nexts = nexts(new CutChoice(), 25, 100, 300);
        List<CutChoice.Next> expected = new ArrayList<>();
        expected.addAll(Collections.nCopies(3, CutChoice.Next.CUT));
        expected.addAll(Collections.nCopies(3, CutChoice.Next.TRY_WHOLE));
        expected.addAll(Collections.nCopies(15, CutChoice.Next.CUT));
        expected.addAll(Collections.nCopies(3, CutChoice.Next.TRY_WHOLE));
        expected.add(CutChoice.Next.CUT);
        assertEquals(expected, nexts);
        List<CutChoice.Next> later = nexts(new CutChoice(), 8, 300, 100);
        assertEquals(List.of(CutChoice.Next.WHOLE, CutChoice.Next.WHOLE), later.subList(6, 8), "the sooner: " + later);
    }

    /**
     * Cut launches that end well under what the performance model expects of the launch whole put the first whole
     * launches off to the first check (the 20th launch: three cut, then sixteen); ones that do not try them at once.
     */
    @Test
    void cutLaunchesWellUnderTheModelsWholeTimePutTheFirstWholeOnesOffToTheFirstCheck() {
        List<CutChoice.Next> likely = nexts(new CutChoice(), 40, 100, 300, 200);
        assertEquals(List.of(CutChoice.Next.TRY_WHOLE, CutChoice.Next.TRY_WHOLE, CutChoice.Next.TRY_WHOLE),
                likely.subList(19, 22), "at the first check: " + likely);
        assertEquals(3, likely.stream().filter(n -> n == CutChoice.Next.TRY_WHOLE).count(), "only then: " + likely);
        List<CutChoice.Next> near = nexts(new CutChoice(), 40, 100, 300, 120);
        assertEquals(CutChoice.Next.TRY_WHOLE, near.get(3), "within the margin: " + near);
        assertEquals(6, near.stream().filter(n -> n == CutChoice.Next.TRY_WHOLE).count(), "and at the check: " + near);
    }

    /**
     * The model's time, learnt from cut launches, may be far over a whole launch's (a piece can take nearly as long as
     * the whole on a device): whole launches, sooner, are still found at the first check and kept.
     */
    @Test
    void wholeLaunchesSoonerThanTheModelSaysAreFoundAtTheFirstCheck() {
        List<CutChoice.Next> ways = nexts(new CutChoice(), 40, 150, 100, 200);
        assertEquals(CutChoice.Next.TRY_WHOLE, ways.get(19), "the first check: " + ways);
        assertFalse(ways.subList(22, 40).contains(CutChoice.Next.CUT), "whole, which ended sooner: " + ways);
    }

    @Test
    void whereWholeLaunchesEndSoonerLaunchesStayWhole() {
        List<Boolean> ways = run(new CutChoice(), 40, 300, 100);
        assertEquals(3, ways.subList(6, 40).stream().filter(w -> w).count(), "whole, which ended sooner: " + ways);
    }

    /** Launches enqueued far ahead of their ends: decided before any interval is known. */
    @Test
    void launchesDecidedBeforeAnyEndKeepTheLastWayTriedUntilBothWaysAreTimed() {
        CutChoice choice = new CutChoice();
        List<Boolean> ways = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ways.add(cut(choice));
        }
        assertEquals(List.of(true, true, true, false, false, false), ways.subList(0, 6));
        assertFalse(ways.subList(6, 20).contains(true), "whole, the way of the launch before: " + ways);
        long now = 0;
        for (boolean cut : ways) {
            now += cut ? 100 : 300;
            choice.ended(cut, 0, now);
        }
        assertTrue(cut(choice), "cut, timed sooner");
    }

    @Test
    void theWayNotTakenIsTriedAgainNowAndThenAndTakenWhenItBecameSooner() {
        CutChoice choice = new CutChoice();
        run(choice, 10, 300, 100);
        // cutting became cheaper (its data now resident, say): a recheck finds it
        List<Boolean> later = run(choice, 200, 50, 100);
        long cut = later.subList(100, 200).stream().filter(w -> w).count();
        // all but the launches that try the other way again
        assertTrue(cut >= 90, "cut again: " + later);
        assertFalse(later.subList(0, 12).contains(true), "whole until the recheck: " + later);
    }

    /** The first launches of a run are slow until the JIT has compiled the code of a cut: a recheck comes soon. */
    @Test
    void cutLaunchesSlowOnlyAtFirstAreTriedAgainSoon() {
        CutChoice choice = new CutChoice();
        run(choice, 6, 300, 200);
        List<Boolean> later = run(choice, 40, 100, 200);
        // cut from the recheck on, but for the three launches of the next recheck of whole launches
        assertTrue(later.get(16) && later.subList(16, 40).stream().filter(w -> !w).count() <= 3,
                "cut once tried again: " + later);
    }

    @Test
    void sharesThatMoveLittleStayAsTheyWereAndOnesThatMoveMuchOrOtherDevicesReplaceThem() {
        CutChoice choice = new CutChoice();
        int[] two = {1, 2};
        assertArrayEquals(new long[] {50, 50}, choice.steady(two, new long[] {50, 50}, 4));
        assertArrayEquals(new long[] {50, 50}, choice.steady(two, new long[] {53, 47}, 4), "a wobble");
        assertArrayEquals(new long[] {50, 50}, choice.steady(two, new long[] {46, 54}, 4), "measured from the kept");
        assertArrayEquals(new long[] {75, 25}, choice.steady(two, new long[] {75, 25}, 4), "learnt to differ");
        assertArrayEquals(new long[] {74, 26}, choice.steady(new int[] {1, 3}, new long[] {74, 26}, 4), "other devices");
        assertArrayEquals(new long[] {75, 26}, choice.steady(new int[] {1, 3}, new long[] {75, 26}, 4), "more grains");
    }
}
