import picomatch from "picomatch";
import { bench, describe } from "vitest";
import { matchGlobs } from "./globs.js";

// `vitest bench --run src/globs.bench.ts`: the core's matcher next to picomatch's regular expressions.
const globs = ["**/*.ts", "src/{ui,lib}/**/*.tsx", "*.md", "packages/*/src/**", "!**/*.test.ts", "docs/v[0-9].md"];
const paths = Array.from({ length: 2000 }, (_, i) => `packages/p${i % 50}/src/deep/er/file-${i}.${i % 3 ? "ts" : "tsx"}`);
const compiled = globs.map((glob) => {
  const negated = glob.startsWith("!");
  const pattern = negated ? glob.slice(1) : glob;
  return { negated, isMatch: picomatch(pattern, { dot: true, basename: !pattern.includes("/") }) };
});

describe("ordinary globs, 2,000 paths", () => {
  bench("matchGlobs", () => {
    for (const path of paths) matchGlobs(globs, path);
  });
  bench("picomatch, compiled once", () => {
    for (const path of paths) {
      if (compiled.some((g) => g.negated && g.isMatch(path))) continue;
      compiled.some((g) => !g.negated && g.isMatch(path));
    }
  });
});

describe("a hostile glob (issue 19 item 8), one ordinary name", () => {
  const hostile = [`${"*?".repeat(7)}.zz`];
  const name = "packages/web/src/components/some-ordinary-component-file-name.tsx";
  bench("matchGlobs", () => {
    matchGlobs(hostile, name);
  });
  bench(
    "picomatch",
    () => {
      picomatch(hostile[0] as string, { dot: true, basename: true })(name);
    },
    { iterations: 3, time: 0 },
  );
});
