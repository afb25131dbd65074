package io.omnicl.demos;

import io.omnicl.demos.bench.MandelbrotWorkload;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MandelbrotTest {

    private static final MandelbrotWorkload.Frame FRAME = new MandelbrotWorkload.Frame(256, 192, 16, 500);

    @Test
    void everyPlacementGivesTheSingleDeviceImageBitForBit() {
        Mandelbrot.Result single = Mandelbrot.render(FRAME, Mandelbrot.Mode.SINGLE);
        assertEquals(FRAME.blocks(), single.blocksPerDevice()[0], "single mode runs every block on device 1");
        for (Mandelbrot.Mode mode : new Mandelbrot.Mode[] {Mandelbrot.Mode.VIRTUAL, Mandelbrot.Mode.BLOCK,
                Mandelbrot.Mode.CYCLIC}) {
            Mandelbrot.Result r = Mandelbrot.render(FRAME, mode);
            assertArrayEquals(single.iterations(), r.iterations(), mode.name());
            long ran = r.blocksPerDevice()[0] + r.blocksPerDevice()[1];
            if (mode == Mandelbrot.Mode.VIRTUAL) {
                // the virtual device may cut a block's launch into parts for both devices
                assertTrue(ran >= FRAME.blocks(), mode.name() + ": " + ran);
            } else {
                assertEquals(FRAME.blocks(), ran, mode.name());
            }
        }
    }

    @Test
    void theHandPlacedModesSplitBlocksEvenly() {
        for (Mandelbrot.Mode mode : new Mandelbrot.Mode[] {Mandelbrot.Mode.BLOCK, Mandelbrot.Mode.CYCLIC}) {
            long[] blocks = Mandelbrot.render(FRAME, mode).blocksPerDevice();
            assertArrayEquals(new long[] {FRAME.blocks() / 2, FRAME.blocks() / 2}, blocks, mode.name());
        }
    }

    @Test
    void thePngShowsTheSetInBlack() throws Exception {
        Mandelbrot.Result r = Mandelbrot.render(FRAME, Mandelbrot.Mode.VIRTUAL);
        File png = Files.createTempFile("mandelbrot", ".png").toFile();
        Mandelbrot.writePng(r.iterations(), FRAME, png);
        BufferedImage img = ImageIO.read(png);
        assertEquals(FRAME.width(), img.getWidth());
        int insideX = FRAME.width() * 2 / 3;
        int insideY = FRAME.height() / 2;
        assertEquals(FRAME.maxIterations(), r.iterations()[insideY * FRAME.width() + insideX], "a point of the set");
        assertEquals(0, img.getRGB(insideX, insideY) & 0xffffff);
        assertTrue((img.getRGB(0, 0) & 0xffffff) != 0, "a point far outside is shaded");
    }
}
