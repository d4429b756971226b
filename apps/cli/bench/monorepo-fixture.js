// Writes the monorepo benchmark's fixture: about 50,000 source files in deep packages, a large
// node_modules, a git-ignored dist/, hidden caches (.next, .venv, .turbo) and about 300 nested
// rule files of several formats, the way real monorepos carry them.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const put = (path, text) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};

/** Creates `<root>/proj` (a git repository) and `<root>/home`; returns the paths and the counts. */
export function writeMonorepoFixture(root, { packages = 100, filesPerPackage = 500 } = {}) {
  rmSync(root, { recursive: true, force: true });
  const proj = join(root, "proj");
  const home = join(root, "home");
  mkdirSync(home, { recursive: true });
  put(join(proj, ".git/HEAD"), "ref: refs/heads/main\n");
  put(join(proj, ".gitignore"), "dist/\ncoverage/\n*.log\n");
  put(join(proj, "AGENTS.md"), "# Monorepo\n\nUse pnpm. Run `pnpm test` before you commit.\n");
  put(join(proj, "CLAUDE.md"), "@AGENTS.md\n");
  put(join(proj, ".github/copilot-instructions.md"), "Prefer small pull requests.\n");
  let sources = 0;
  let rules = 3;
  for (let p = 0; p < packages; p++) {
    const pkg = join(proj, "packages", `group-${p % 10}`, `pkg-${p}`);
    for (let f = 0; f < filesPerPackage; f++) {
      put(join(pkg, "src", `area-${f % 5}`, `sub-${f % 4}`, `file-${f}.ts`), `export const v${f} = ${f};\n`);
      sources++;
    }
    put(join(pkg, "dist", "index.js"), "built\n");
    put(join(pkg, "dist", "AGENTS.md"), "a copied build artefact, git-ignored\n");
    put(join(pkg, "node_modules", "dep", "AGENTS.md"), "a dependency's file\n");
    if (p % 2 === 0) put(join(pkg, "AGENTS.md"), `# pkg-${p}\n\nThis package owns area ${p}.\n`), rules++;
    if (p % 3 === 0) {
      put(join(pkg, ".cursor/rules/react.mdc"), `---\ndescription: React in pkg-${p}\nglobs: src/**/*.tsx\n---\nFunction components.\n`);
      put(join(pkg, ".cursor/rules/testing.mdc"), `---\nglobs: ["**/*.test.ts", "**/*.spec.ts"]\nalwaysApply: false\n---\nTest behaviour.\n`);
      rules += 2;
    }
    if (p % 5 === 0) put(join(pkg, ".kiro/steering/product.md"), `---\ninclusion: always\n---\nProduct notes ${p}.\n`), rules++;
    if (p % 7 === 0) put(join(pkg, "GEMINI.md"), `Gemini notes for pkg-${p}.\n`), rules++;
  }
  for (let i = 0; i < 20_000; i++) put(join(proj, "node_modules", `dep-${i % 400}`, "lib", `m-${i}.js`), "module.exports = 1;\n");
  for (let i = 0; i < 5_000; i++) put(join(proj, ".next", "cache", `c-${i % 50}`, `x-${i}.json`), "{}\n");
  for (let i = 0; i < 5_000; i++) put(join(proj, ".venv", "lib", `p-${i % 50}`, `y-${i}.py`), "x = 1\n");
  for (let i = 0; i < 5_000; i++) put(join(proj, "dist", `d-${i % 50}`, `z-${i}.js`), "built\n");
  return { proj, home, sources, rules };
}
