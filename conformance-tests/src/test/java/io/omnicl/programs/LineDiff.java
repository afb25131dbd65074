package io.omnicl.programs;

import java.util.ArrayList;
import java.util.List;

/** A line diff (longest common subsequence) that shows only what differs, with line numbers. */
final class LineDiff {

    private LineDiff() {
    }

    /**
     * Lines only in {@code expected} as {@code "- line n: text"}, lines only in {@code actual} as
     * {@code "+ line n: text"} (numbers of the normalised outputs, from 1).
     */
    static String of(List<String> expected, List<String> actual) {
        int n = expected.size();
        int m = actual.size();
        int[][] common = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                common[i][j] = expected.get(i).equals(actual.get(j))
                        ? common[i + 1][j + 1] + 1
                        : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<String> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < n || j < m) {
            if (i < n && j < m && expected.get(i).equals(actual.get(j))) {
                i++;
                j++;
            } else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) {
                out.add("- line " + (i + 1) + ": " + expected.get(i));
                i++;
            } else {
                out.add("+ line " + (j + 1) + ": " + actual.get(j));
                j++;
            }
        }
        return String.join("\n", out);
    }
}
