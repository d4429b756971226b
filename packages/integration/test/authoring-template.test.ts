import { readFile, readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

// The core README's authoring guide shows the third-party provider template whole; the
// integration tests publish and install exactly the files of fixtures/third-party-provider.
// This keeps the two the same.

const TEMPLATE = new URL("../fixtures/third-party-provider/", import.meta.url);
const README = new URL("../../core/README.md", import.meta.url);

/** The files the guide shows: each "`name`:" line followed by a fenced block, in the template's section. */
function shownFiles(readme: string): Map<string, string> {
  const start = readme.indexOf("### A provider package with no runtime dependency");
  const end = readme.indexOf("\n### ", start + 1);
  expect(start, "the authoring guide's template section").toBeGreaterThan(-1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  const files = new Map<string, string>();
  for (const match of section.matchAll(/^`([^`]+)`:\n\n```[a-z]*\n([\s\S]*?)^```$/gm)) {
    files.set(match[1] as string, match[2] as string);
  }
  return files;
}

it("shows every file of the published template, word for word, in the core README", async () => {
  const shown = shownFiles(await readFile(README, "utf8"));
  const names = (await readdir(TEMPLATE)).sort();
  expect([...shown.keys()].sort()).toEqual(names);
  for (const name of names) {
    expect(shown.get(name), name).toBe(await readFile(fileURLToPath(new URL(name, TEMPLATE)), "utf8"));
  }
});

it("publishes the files it shows: package.json lists them all", async () => {
  const manifest = JSON.parse(await readFile(new URL("package.json", TEMPLATE), "utf8")) as { files: string[] };
  const names = (await readdir(TEMPLATE)).filter((n) => n !== "package.json").sort();
  expect([...manifest.files].sort()).toEqual(names);
});
