// Writes the discovery benchmark's fixture: 10,000 rule files spread over four bundled providers,
// shaped as issue 44 states the row: Cursor .mdc with unquoted comma globs (`globs: **/*.ts,
// src/area3/**`), native files with YAML flow lists, 20 sub-folders per rule folder, project and
// home; a small source tree the globs select (as in a real repository, few globs are dead), and
// some name collisions.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Creates `<root>/proj` and `<root>/home` holding `total` rule files; returns the two paths. */
export function writeDiscoveryFixture(root, total = 10_000) {
  rmSync(root, { recursive: true, force: true });
  const proj = join(root, "proj");
  const home = join(root, "home");
  const shares = [
    ["native-project", 0.3, (i) => join(proj, ".xcsh/rules", nest(i), `rule-${i}.md`), nativeRule],
    ["native-user", 0.1, (i) => join(home, ".xcsh/agent/rules", nest(i), `rule-${i}.md`), nativeRule],
    ["cursor-project", 0.25, (i) => join(proj, ".cursor/rules", nest(i), `cursor-${i}.mdc`), cursorRule],
    ["cursor-user", 0.05, (i) => join(home, ".cursor/rules", nest(i), `cursor-${i}.mdc`), cursorRule],
    ["windsurf", 0.15, (i) => join(proj, ".windsurf/rules", nest(i), `ws-${i}.md`), windsurfRule],
    ["cline", 0.15, (i) => join(proj, ".clinerules", nest(i), `cline-${i}.md`), nativeRule],
  ];
  let written = 0;
  for (const [, share, where, body] of shares) {
    const count = Math.round(total * share);
    for (let k = 0; k < count; k++) {
      const i = written + k;
      // Every 20th file reuses a name from a small pool, so providers collide.
      const path = where(i % 20 === 0 ? i % 400 : i);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, body(i));
    }
    written += count;
  }
  // The files the globs select: src/area<N>/ with TypeScript, TSX and Markdown, and tests.
  for (let a = 0; a < AREAS; a++) {
    mkdirSync(join(proj, "src", `area${a}`, "ui"), { recursive: true });
    writeFileSync(join(proj, "src", `area${a}`, "index.ts"), `export const area = ${a};\n`);
    writeFileSync(join(proj, "src", `area${a}`, "ui", "view.tsx"), "export const View = () => null;\n");
    writeFileSync(join(proj, "src", `area${a}`, "README.md"), `# Area ${a}\n`);
    mkdirSync(join(proj, "test"), { recursive: true });
    writeFileSync(join(proj, "test", `area${a}.test.ts`), "export {};\n");
  }
  return {
    proj,
    home,
    folders: [
      join(proj, ".xcsh/rules"),
      join(home, ".xcsh/agent/rules"),
      join(home, ".cursor/rules"),
      join(proj, ".cursor/rules"),
      join(proj, ".windsurf/rules"),
      join(proj, ".clinerules"),
    ],
  };
}

/** Writes a small project with `count` rules for the start-up benchmark. */
export function writeSmallFixture(root, count = 20) {
  rmSync(root, { recursive: true, force: true });
  const proj = join(root, "proj");
  const home = join(root, "home");
  mkdirSync(home, { recursive: true });
  for (let i = 0; i < count; i++) {
    const path = join(proj, i % 2 ? ".cursor/rules" : ".xcsh/rules", `rule-${i}.${i % 2 ? "mdc" : "md"}`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, i % 2 ? cursorRule(i) : nativeRule(i));
  }
  return { proj, home };
}

const AREAS = 20;
/** One of the 20 sub-folders of a rule folder. */
const nest = (i) => `area-${i % AREAS}`;
const area = (i) => `src/area${(i >> 1) % AREAS}`;
// Bodies of 1–2 KB, as real rule files have.
const paragraph = (i) =>
  `Rule ${i}: keep functions small, name things for what they are, and test behaviour a user would notice.\n\n` +
  "- Prefer composition over inheritance.\n- Handle errors at the boundary.\n- Document every export in one sentence.\n\n" +
  "```ts\nexport function example(input: string): string {\n  return input.trim();\n}\n```\n\n".repeat(1 + (i % 3)) +
  "When in doubt, read the surrounding code first and follow its conventions; ask before adding a dependency.\n".repeat(4 + (i % 6));

// Frontmatter varies as real files do: flow and block lists, quoted and multi-line descriptions.
function nativeRule(i) {
  if (i % 5 === 0) return `---\ndescription: Native rule number ${i}\nglobs: ["${area(i)}/**/*.ts", "test/**/*.ts"]\n---\n${paragraph(i)}`;
  if (i % 5 === 1) return `---\nalwaysApply: ${i % 50 === 1}\ndescription: "Quoted description ${i}"\n---\n${paragraph(i)}`;
  if (i % 5 === 2)
    return `---\ndescription: >-\n  A folded description for rule ${i}\n  that spans two lines.\nglobs:\n  - "${area(i)}/**"\n  - "test/**/*.ts"\n---\n${paragraph(i)}`;
  if (i % 5 === 3) return `---\ndescription: 'Single-quoted, with a colon: rule ${i}'\nglobs: ["**/*.ts", "**/*.tsx"]\n---\n${paragraph(i)}`;
  return paragraph(i);
}

function cursorRule(i) {
  // Every 50th names a folder the project lacks: the few dead globs real repositories have.
  const globs = [
    `**/*.ts, ${area(i)}/**`,
    `${area(i)}/**/*.tsx`,
    i % 50 === 2 ? "**/*.py, app/**/*.py" : "**/*.tsx,**/*.ts",
    `${area(i)}/**`,
    '["**/*.ts", "**/*.tsx"]',
  ][i % 5];
  return `---\ndescription: Cursor rule ${i} for components\nglobs: ${globs}\nalwaysApply: false\n---\n${paragraph(i)}`;
}

function windsurfRule(i) {
  const trigger = ["always_on", "model_decision", "glob", "manual"][i % 4];
  return `---\ntrigger: ${trigger}\ndescription: Windsurf rule ${i}\nglobs: "**/*.md"\n---\n${paragraph(i)}`;
}
