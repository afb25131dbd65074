package io.omnicl.runtime.worker;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class LandingsTest {

    @Test
    void memoryGivenBackServesTheNextReadOfItsSizeOrLess() {
        Landings landings = new Landings();
        ByteBuffer first = landings.take(4096);
        assertEquals(4096, first.remaining());
        landings.give(first);
        ByteBuffer again = landings.take(1000);
        assertSame(first, again, "kept for the next read");
        assertEquals(1000, again.remaining(), "as large as asked");
        assertNotSame(again, landings.take(1000), "memory taken is not handed out twice");
    }

    @Test
    void theLargestIsKeptAndNothingAboveTheLimit() {
        Landings landings = new Landings();
        ByteBuffer small = landings.take(100);
        ByteBuffer large = landings.take(200);
        landings.give(large);
        landings.give(small);
        assertSame(large, landings.take(150));
        ByteBuffer huge = ByteBuffer.allocateDirect(Landings.KEPT_BYTES + 1);
        landings.give(huge);
        assertNotSame(huge, landings.take(10));
    }

    @Test
    void moreThanOneJavaBufferHoldsIsNotTaken() {
        assertNull(new Landings().take(1L << 31));
    }
}
