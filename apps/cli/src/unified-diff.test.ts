import { describe, expect, it } from "vitest";
import { unifiedDiff } from "./unified-diff.js";

describe("unifiedDiff", () => {
  it("is empty for the same text", () => {
    expect(unifiedDiff("a.md", "x\ny\n", "x\ny\n")).toBe("");
  });

  it("shows a new file as all added lines", () => {
    expect(unifiedDiff("a.md", undefined, "one\ntwo\n")).toBe("--- /dev/null\n+++ b/a.md\n@@ -0,0 +1,2 @@\n+one\n+two\n");
  });

  it("shows a changed line with three lines of context, as patch reads it", () => {
    const before = ["1", "2", "3", "4", "5", "6", "7", "8", "9"].join("\n");
    const after = before.replace("5", "five");
    expect(unifiedDiff("r.md", `${before}\n`, `${after}\n`)).toBe("--- a/r.md\n+++ b/r.md\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
  });

  it("splits changes far apart into two hunks", () => {
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`);
    const changed = lines.map((l, i) => (i === 1 || i === 17 ? `${l}!` : l));
    const diff = unifiedDiff("r.md", `${lines.join("\n")}\n`, `${changed.join("\n")}\n`);
    expect(diff.match(/^@@ .* @@$/gm)).toEqual(["@@ -1,5 +1,5 @@", "@@ -15,6 +15,6 @@"]);
  });
});
