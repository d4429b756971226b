#!/usr/bin/env node
// Runs before `changeset version` (the root `version-packages` script). The CLI bundles the
// workspace packages it lists as devDependencies (the core, the prompt, every provider...), so
// a release of one of them must release the CLI too, or the fix never reaches CLI users.
// changesets does not bump a package for a devDependency ("dev dependents" get type none), so
// when pending changesets release a bundled package and none names the CLI, this writes a
// changeset that does: a patch naming the bundled packages.
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const CLI = "@rulebook/cli";
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

const published = new Set();
for (const parent of ["packages", "apps"]) {
  for (const entry of readdirSync(join(root, parent))) {
    const path = join(root, parent, entry, "package.json");
    if (!existsSync(path)) continue;
    const manifest = readJson(path);
    if (!manifest.private) published.add(manifest.name);
  }
}
const cli = readJson(join(root, "apps/cli/package.json"));
const bundled = Object.entries(cli.devDependencies ?? {})
  .filter(([name, range]) => range.startsWith("workspace:") && published.has(name))
  .map(([name]) => name);

/** The packages a changeset file releases (its frontmatter lines `"name": bump`). */
function releasedBy(text) {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? "";
  return frontmatter
    .split(/\r?\n/)
    .map((line) => /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch)\s*$/.exec(line)?.[1])
    .filter(Boolean);
}

const OUTPUT = "cli-bundled-packages.md";
const dir = join(root, ".changeset");
const released = new Set();
for (const file of readdirSync(dir)) {
  if (!file.endsWith(".md") || file === "README.md" || file === OUTPUT) continue;
  for (const name of releasedBy(readFileSync(join(dir, file), "utf8"))) released.add(name);
}
const changedBundled = bundled.filter((name) => released.has(name));
if (changedBundled.length > 0 && !released.has(CLI)) {
  const summary = `Bundles the new versions of ${changedBundled.map((n) => `\`${n}\``).join(", ")} (see their changelogs).`;
  writeFileSync(join(dir, OUTPUT), `---\n"${CLI}": patch\n---\n\n${summary}\n`);
  console.log(`${OUTPUT}: ${CLI} patch, for ${changedBundled.length} bundled package(s)`);
}
