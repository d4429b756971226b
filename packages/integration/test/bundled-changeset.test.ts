import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, expect, it } from "vitest";

// `pnpm version-packages` runs .ci/bundled-changeset.mjs before `changeset version`: the CLI
// bundles the packages it lists as workspace devDependencies, so their release must release it.

const exec = promisify(execFile);
const SCRIPT = fileURLToPath(new URL("../../../.ci/bundled-changeset.mjs", import.meta.url));
let root = "";

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(join(path, ".."), { recursive: true });
  await writeFile(path, JSON.stringify(value));
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "rulebook-bundled-changeset-"));
  await cp(SCRIPT, join(root, ".ci", "bundled-changeset.mjs"));
  await mkdir(join(root, ".changeset"));
  await writeJson(join(root, "apps/cli/package.json"), {
    name: "@rulebook/cli",
    devDependencies: { "@rulebook/provider-cursor": "workspace:*", "@rulebook/build-config": "workspace:*", commander: "14.0.3" },
  });
  await writeJson(join(root, "packages/provider-cursor/package.json"), { name: "@rulebook/provider-cursor" });
  await writeJson(join(root, "packages/provider-zed/package.json"), { name: "@rulebook/provider-zed" });
  await writeJson(join(root, "packages/build-config/package.json"), { name: "@rulebook/build-config", private: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function run(changesets: Record<string, string>): Promise<string[]> {
  for (const [name, text] of Object.entries(changesets)) await writeFile(join(root, ".changeset", name), text);
  await exec(process.execPath, [join(root, ".ci", "bundled-changeset.mjs")]);
  return (await readdir(join(root, ".changeset"))).filter((f) => !(f in changesets));
}

it("adds a patch changeset for the CLI naming the bundled packages a pending changeset releases", async () => {
  const added = await run({ "fix.md": '---\n"@rulebook/provider-cursor": patch\n---\n\nA fix.\n' });
  expect(added).toEqual(["cli-bundled-packages.md"]);
  expect(await readFile(join(root, ".changeset", "cli-bundled-packages.md"), "utf8")).toBe(
    '---\n"@rulebook/cli": patch\n---\n\nBundles the new versions of `@rulebook/provider-cursor` (see their changelogs).\n',
  );
});

it("adds nothing when a changeset already releases the CLI, or none releases a package it bundles", async () => {
  expect(await run({ "both.md": "---\n'@rulebook/provider-cursor': minor\n'@rulebook/cli': patch\n---\n\nBoth.\n" })).toEqual([]);
  await rm(join(root, ".changeset", "both.md"));
  expect(
    await run({
      "zed.md": '---\n"@rulebook/provider-zed": patch\n---\n\nNot bundled here.\n',
      "tools.md": '---\n"@rulebook/build-config": patch\n---\n\nPrivate.\n',
    }),
  ).toEqual([]);
});
