import fc from "fast-check";
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { WalkMatcher } from "./walk-matcher.js";
import { patternGlobs } from "../sources/pattern.js";
import type { PatternFileSource, PatternFolderSource } from "../sources/types.js";

/** Runs a path through the matcher the way the walk does: folder by folder, then the file. */
function walkMatches(matcher: WalkMatcher, path: string): { file: boolean; prunedAt?: string } {
  const parts = path.split("/");
  let state = matcher.start;
  for (let i = 0; i < parts.length - 1; i++) {
    const folder = matcher.step(state, parts[i] as string).folder;
    if (!folder) return { file: false, prunedAt: parts.slice(0, i + 1).join("/") };
    state = folder;
  }
  return { file: matcher.step(state, parts.at(-1) as string).file };
}

// Names of the shapes projects hold: hidden folders, rule folders, rule files, dot files.
const name = fc.constantFrom("a", "src", ".a", ".cursor", "rules", ".kiro", "steering", "AGENTS.md", "x.mdc", ".x.mdc", "x.md", "x.txt");
const path = fc.array(name, { minLength: 1, maxLength: 6 }).map((parts) => parts.join("/"));
const folder = fc.constantFrom(".cursor/rules", "rules", ".a", "a/.cursor/rules", ".kiro/steering", "src");
const extensions = fc.subarray([".md", ".mdc", ".txt"], { minLength: 1 });
const file = fc.constantFrom("AGENTS.md", ".a/AGENTS.md", ".x.mdc", "src/x.md");
const source = fc.oneof(
  fc.record({ folder, extensions }).map((s): PatternFolderSource => ({ kind: "pattern", level: "project", ...s })),
  file.map((f): PatternFileSource => ({ kind: "pattern", level: "project", file: f, name: "x" })),
);

describe("WalkMatcher", () => {
  it("matches files as tinyglobby did (picomatch, dot: false) and prunes only folders below which nothing can match", () => {
    fc.assert(
      fc.property(fc.array(source, { minLength: 1, maxLength: 4 }), fc.array(path, { minLength: 1, maxLength: 20 }), (sources, paths) => {
        const patterns = sources.flatMap(patternGlobs);
        const matcher = new WalkMatcher(patterns);
        const expected = picomatch(patterns, { dot: false, posix: true });
        for (const p of paths) {
          // When the matcher prunes a folder, picomatch matches nothing in it either.
          expect(walkMatches(matcher, p).file, `${patterns.join(" ")} on ${p}`).toBe(expected(p));
        }
      }),
      { numRuns: 300 },
    );
    // Generous: picomatch compiles regular expressions per run, and CI machines are shared.
  }, 60_000);

  it("enters a hidden folder only where a pattern names it, at any depth", () => {
    const matcher = new WalkMatcher(["AGENTS.md", "**/AGENTS.md", ".cursor/rules/**/*.mdc", "**/.cursor/rules/**/*.mdc"]);
    expect(walkMatches(matcher, "packages/web/.venv/AGENTS.md")).toEqual({ file: false, prunedAt: "packages/web/.venv" });
    expect(walkMatches(matcher, ".agents/skills/AGENTS.md")).toEqual({ file: false, prunedAt: ".agents" });
    expect(walkMatches(matcher, "packages/web/.cursor/rules/deep/react.mdc")).toEqual({ file: true });
    expect(walkMatches(matcher, "packages/web/.cursor/rules/.drafts/react.mdc")).toEqual({
      file: false,
      prunedAt: "packages/web/.cursor/rules/.drafts",
    });
    expect(walkMatches(matcher, "packages/web/.cursor/other/react.mdc")).toEqual({ file: false, prunedAt: "packages/web/.cursor/other" });
    expect(walkMatches(matcher, "packages/web/.cursor/rules/.hidden.mdc")).toEqual({ file: false });
  });
});
