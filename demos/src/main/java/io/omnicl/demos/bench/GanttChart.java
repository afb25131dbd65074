package io.omnicl.demos.bench;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A Gantt chart of a trace: one row per lane (real device), kernels as bars in the upper part of the row
 * (a color per kernel name), transfers as thinner bars under them (uploads, downloads, copies each a color
 * of its own), a time axis in milliseconds, and each row's share of time busy with kernels.
 */
public final class GanttChart {

    static final int WIDTH = 1400;
    static final int LABEL_WIDTH = 300;
    static final int RIGHT_MARGIN = 30;
    static final int TOP = 50;
    static final int ROW_HEIGHT = 48;
    static final int AXIS_HEIGHT = 40;
    static final int LEGEND_HEIGHT = 30;
    /** Kernels take the upper part of a row, transfers the lower part. */
    static final double KERNEL_SHARE = 0.6;

    static final Color BACKGROUND = Color.WHITE;
    static final Color ROW_SHADE = new Color(0xF2F2F2);
    static final Map<String, Color> TRANSFER_COLORS = Map.of("upload", new Color(0xF28E2B),
            "download", new Color(0x59A14F), "copy", new Color(0xB07AA1));
    static final Color OTHER_COLOR = new Color(0x9C9C9C);
    static final Color[] KERNEL_COLORS = {new Color(0x4E79A7), new Color(0x76B7B2), new Color(0x2F4B7C),
            new Color(0xEDC948), new Color(0xE15759), new Color(0x9D7660)};

    private final ChromeTrace trace;
    private final double fromMicros;
    private final double toMicros;
    private final List<Integer> lanes;
    private final Map<String, Color> kernelColors = new LinkedHashMap<>();

    /** A chart of {@code trace} from {@code fromMicros} to {@code toMicros}. */
    public GanttChart(ChromeTrace trace, double fromMicros, double toMicros) {
        this.trace = trace;
        this.fromMicros = fromMicros;
        this.toMicros = Math.max(toMicros, fromMicros + 1);
        this.lanes = new ArrayList<>(trace.lanes().keySet());
        for (ChromeTrace.Slice s : trace.slices()) {
            if (s.category().equals("kernel")) {
                kernelColors.computeIfAbsent(s.name(), n -> KERNEL_COLORS[kernelColors.size() % KERNEL_COLORS.length]);
            }
        }
    }

    /** A chart of the whole trace. */
    public GanttChart(ChromeTrace trace) {
        this(trace, trace.startMicros(), trace.endMicros());
    }

    int height() {
        return TOP + lanes.size() * ROW_HEIGHT + AXIS_HEIGHT + LEGEND_HEIGHT;
    }

    /** The top of the row of the {@code row}-th lane. */
    static int rowTop(int row) {
        return TOP + row * ROW_HEIGHT;
    }

    /** The x of time {@code micros}. */
    int x(double micros) {
        return LABEL_WIDTH + (int) Math.round((micros - fromMicros) / (toMicros - fromMicros)
                * (WIDTH - LABEL_WIDTH - RIGHT_MARGIN));
    }

    /** The color slices of this category and name are drawn in. */
    Color colorOf(String category, String name) {
        if (category.equals("kernel")) {
            return kernelColors.getOrDefault(name, KERNEL_COLORS[0]);
        }
        return TRANSFER_COLORS.getOrDefault(category, OTHER_COLOR);
    }

    public BufferedImage render(String title) {
        BufferedImage image = new BufferedImage(WIDTH, height(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(BACKGROUND);
        g.fillRect(0, 0, WIDTH, height());
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.setColor(Color.BLACK);
        g.drawString(title, 10, 28);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (int row = 0; row < lanes.size(); row++) {
            drawRow(g, row, lanes.get(row));
        }
        drawAxis(g);
        drawLegend(g);
        g.dispose();
        return image;
    }

    private void drawRow(Graphics2D g, int row, int lane) {
        int top = rowTop(row);
        g.setColor(row % 2 == 0 ? ROW_SHADE : BACKGROUND);
        g.fillRect(0, top, WIDTH, ROW_HEIGHT);
        int kernelHeight = (int) (ROW_HEIGHT * KERNEL_SHARE) - 4;
        for (ChromeTrace.Slice s : trace.slices()) {
            if (s.lane() != lane || s.endMicros() < fromMicros || s.startMicros() > toMicros) {
                continue;
            }
            boolean kernel = s.category().equals("kernel");
            int y = kernel ? top + 3 : top + kernelHeight + 6;
            int h = kernel ? kernelHeight : ROW_HEIGHT - kernelHeight - 9;
            int x0 = x(Math.max(s.startMicros(), fromMicros));
            int x1 = Math.max(x0 + 1, x(Math.min(s.endMicros(), toMicros)));
            g.setColor(colorOf(s.category(), s.name()));
            g.fillRect(x0, y, x1 - x0, h);
        }
        double busy = trace.busyMicros(lane, "kernel", fromMicros, toMicros) / (toMicros - fromMicros);
        g.setColor(Color.BLACK);
        String name = fit(g, trace.lanes().get(lane), LABEL_WIDTH - 20);
        g.drawString(name, 8, top + 20);
        g.setColor(Color.DARK_GRAY);
        g.drawString(String.format(Locale.ROOT, "lane %d: kernels %.0f%% of the time", lane, 100 * busy), 8,
                top + 38);
    }

    private static String fit(Graphics2D g, String text, int width) {
        FontMetrics m = g.getFontMetrics();
        if (m.stringWidth(text) <= width) {
            return text;
        }
        String t = text;
        while (!t.isEmpty() && m.stringWidth(t + "…") > width) {
            t = t.substring(0, t.length() - 1);
        }
        return t + "…";
    }

    private void drawAxis(Graphics2D g) {
        int y = rowTop(lanes.size());
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1));
        g.drawLine(LABEL_WIDTH, y, WIDTH - RIGHT_MARGIN, y);
        double spanMs = (toMicros - fromMicros) / 1e3;
        double step = niceStep(spanMs / 10);
        for (double t = 0; t <= spanMs + 1e-9; t += step) {
            int x = x(fromMicros + t * 1e3);
            g.drawLine(x, y, x, y + 5);
            String label = String.format(Locale.ROOT, step < 1 ? "%.2f" : "%.0f", t);
            g.drawString(label, x - g.getFontMetrics().stringWidth(label) / 2, y + 18);
        }
        g.drawString("ms", WIDTH - RIGHT_MARGIN + 4, y + 18);
    }

    /** 1, 2 or 5 times a power of ten, at least {@code rough}. */
    static double niceStep(double rough) {
        if (!(rough > 0)) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * power >= rough) {
                return m * power;
            }
        }
        return 10 * power;
    }

    private void drawLegend(Graphics2D g) {
        int y = rowTop(lanes.size()) + AXIS_HEIGHT;
        int x = LABEL_WIDTH;
        Map<String, Color> entries = new LinkedHashMap<>();
        kernelColors.forEach((name, color) -> entries.put("kernel " + name, color));
        for (String category : List.of("upload", "download", "copy")) {
            entries.put(category, TRANSFER_COLORS.get(category));
        }
        for (Map.Entry<String, Color> e : entries.entrySet()) {
            g.setColor(e.getValue());
            g.fillRect(x, y + 4, 14, 12);
            g.setColor(Color.BLACK);
            g.drawString(e.getKey(), x + 18, y + 15);
            x += 30 + g.getFontMetrics().stringWidth(e.getKey());
        }
    }

    /** Renders and writes a PNG. */
    public void write(String title, Path png) throws IOException {
        if (!ImageIO.write(render(title), "png", png.toFile())) {
            throw new IOException("no PNG writer");
        }
    }
}
