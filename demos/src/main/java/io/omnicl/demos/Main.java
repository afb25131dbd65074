package io.omnicl.demos;

/** The {@code omnicl} command line. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.out.println("usage: omnicl info | demo mandelbrot [options]");
    }
}
