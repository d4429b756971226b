import { rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Harness, names, watchProject } from "../test/watch-harness.js";
import { type RulesChange, watchRules } from "./index.js";

const RULE = (description: string) => `---\ndescription: ${description}\n---\nBody of ${description}.\n`;

// Watching is real file-system work: on a loaded machine events can take a while to arrive.
const SLOW = 60_000;

/** The handles a file watcher holds: fs.watch and fs.watchFile. */
function watchHandles(): string[] {
  return process.getActiveResourcesInfo().filter((r) => r === "FSEventWrap" || r === "StatWatcher");
}

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe("watchRules", () => {
  it("sees a rule folder created in the project, then a rule changed, renamed and deleted", { timeout: SLOW }, async () => {
    harness = await watchProject();
    const { project } = harness;
    expect(names(harness.watcher.current())).toEqual([]);

    await project.write(".cursor/rules/style.mdc", RULE("style"));
    await harness.until((r) => names(r).includes("style"));
    expect(harness.changes.at(-1)).toMatchObject({ added: ["style"], removed: [], changed: [] });

    await writeFile(join(project.cwd, ".cursor/rules/style.mdc"), RULE("house style"));
    const changed = await harness.until((r) => r.rules.find((rule) => rule.name === "style")?.description === "house style");
    expect(changed.rules.map((r) => r.content)).toEqual(["Body of house style."]);
    expect(harness.changes.at(-1)).toMatchObject({ added: [], removed: [], changed: ["style"] });

    const before = harness.changes.length;
    await rename(join(project.cwd, ".cursor/rules/style.mdc"), join(project.cwd, ".cursor/rules/look.mdc"));
    await harness.until((r) => names(r).join() === "look");
    const renamed = harness.changes.slice(before);
    expect(renamed.flatMap((c) => c.added)).toEqual(["look"]);
    expect(renamed.flatMap((c) => c.removed)).toEqual(["style"]);

    await rm(join(project.cwd, ".cursor/rules/look.mdc"));
    await harness.until((r) => r.rules.length === 0);
    expect(harness.changes.at(-1)).toMatchObject({ added: [], removed: ["look"] });
  });

  it("sees rules appear in new nested folders and in a user folder that did not exist", { timeout: SLOW }, async () => {
    harness = await watchProject();
    const { project } = harness;
    await project.write("packages/web/.cursor/rules/react.mdc", RULE("react"));
    await harness.until((r) => names(r).includes("packages/web/react"));
    expect(harness.watcher.current().rules[0]?.scope).toBe("packages/web");

    await project.write(".cursor/rules/mine.md", RULE("mine"), "home");
    await harness.until((r) => names(r).includes("mine"));

    await project.write(".cursorrules", "Always answer in English.\n");
    await harness.until((r) => names(r).includes("cursorrules"));
    expect(harness.errors).toEqual([]);
  });

  it("sees a rule written into a folder made empty just before (the new folder is watched before it is trusted)", { timeout: SLOW }, async () => {
    harness = await watchProject();
    const { project } = harness;
    // No await between the two: the file may land before or after the new folder is watched.
    await project.write("apps/api/README.txt", "not a rule\n");
    await project.write("apps/api/.agents/rules/db.md", RULE("db"));
    await harness.until((r) => names(r).includes("apps/api/db"));
  });

  it("keeps seeing a rule folder deleted and created again at once at the same path", { timeout: SLOW }, async () => {
    harness = await watchProject((p) => p.write("apps/web/.cursor/rules/a.mdc", RULE("a")));
    const { project } = harness;
    // Within one quiet window: the reload never sees the folder missing.
    await rm(join(project.cwd, "apps/web/.cursor"), { recursive: true });
    await project.write("apps/web/.cursor/rules/b.mdc", RULE("b"));
    await harness.until((r) => names(r).join() === "apps/web/b");
    await writeFile(join(project.cwd, "apps/web/.cursor/rules/b.mdc"), RULE("b again"));
    await harness.until((r) => r.rules[0]?.description === "b again");
  });

  it("drops rules a new .gitignore hides and brings them back when it goes", { timeout: SLOW }, async () => {
    harness = await watchProject((p) => p.write("vendor/lib/.cursor/rules/theirs.mdc", RULE("theirs")));
    expect(names(harness.watcher.current())).toEqual(["vendor/lib/theirs"]);
    await harness.project.write(".gitignore", "vendor/\n");
    await harness.until((r) => r.rules.length === 0);
    expect(harness.changes.at(-1)?.removed).toEqual(["vendor/lib/theirs"]);
    await rm(join(harness.project.cwd, ".gitignore"));
    await harness.until((r) => names(r).includes("vendor/lib/theirs"));
  });

  it("drops rules an ignore file hides once the repository's config says to ignore case", { timeout: SLOW }, async () => {
    harness = await watchProject(async (p) => {
      await p.write(".git/config", "[core]\n\trepositoryformatversion = 0\n");
      await p.write(".gitignore", "VENDOR/\n");
      await p.write("vendor/lib/.cursor/rules/theirs.mdc", RULE("theirs"));
    });
    expect(names(harness.watcher.current())).toEqual(["vendor/lib/theirs"]);
    await harness.project.write(".git/config", "[core]\n\trepositoryformatversion = 0\n\tignorecase = true\n");
    await harness.until((r) => r.rules.length === 0);
    expect(harness.changes.at(-1)?.removed).toEqual(["vendor/lib/theirs"]);
  });

  it("reports new diagnostics even when no rule changed", { timeout: SLOW }, async () => {
    harness = await watchProject((p) => p.write(".cursor/rules/a.mdc", RULE("a")));
    await harness.project.write(".cursor/rules/a.mdc", "---\ndescription: [unclosed\n---\nBody\n");
    await harness.until((r) => r.diagnostics.some((d) => d.path?.endsWith("a.mdc")));
    expect(harness.changes.at(-1)?.diagnostics.some((d) => d.severity === "error" || d.severity === "warning")).toBe(true);
  });

  it("turns a burst of 500 writes into one or a few reloads, and ends in the right state", { timeout: SLOW }, async () => {
    harness = await watchProject((p) => p.write(".cursor/rules/seed.mdc", RULE("seed")));
    const before = harness.loads();
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 500; i++) writes.push(harness.project.write(`.cursor/rules/r${String(i).padStart(3, "0")}.mdc`, RULE(`rule ${i}`)));
    await Promise.all(writes);
    const result = await harness.until((r) => r.rules.length === 501);
    expect(result.rules.find((r) => r.name === "r499")?.description).toBe("rule 499");
    // Each reload may be followed by confirming loads; hundreds of events must not mean hundreds of loads.

    expect(harness.loads() - before).toBeLessThan(50);

    const mark = harness.changes.length;
    const edits: Promise<unknown>[] = [];
    for (let i = 0; i < 500; i++)
      edits.push(writeFile(join(harness.project.cwd, `.cursor/rules/r${String(i).padStart(3, "0")}.mdc`), RULE(`edited ${i}`)));
    await Promise.all(edits);
    // All 501 present (a reload during the writes can see truncated files, drop them, and so
    // pass an `every` over fewer rules) and every edited one edited.
    await harness.until((r) => r.rules.length === 501 && r.rules.every((rule) => rule.name === "seed" || rule.description?.startsWith("edited")));
    // A reload may read a file in the middle of its write (empty, so dropped, then back as
    // added): on a busy machine an edit can show up as removed-then-added instead of changed.
    // The current load can also be ahead of the last change reported, so wait for the reports.
    const touched = (changes: readonly RulesChange[]) => new Set(changes.slice(mark).flatMap((c) => [...c.changed, ...c.added]));
    await harness.untilChanges((changes) => touched(changes).size === 500);
    expect(touched(harness.changes).size).toBe(500);
  });

  it("reloads when a file passed in `files` appears or changes, though no rule source names it", { timeout: SLOW }, async () => {
    harness = await watchProject(
      async () => undefined,
      (p) => ({ files: [join(p.cwd, "rulebook.config.json")] }),
    );
    const before = harness.loads();
    await harness.project.write("rulebook.config.json", "{}\n");
    await harness.untilLoads(before + 1);
    const after = harness.loads();
    await harness.project.write("rulebook.config.json", '{ "mode": "code" }\n');
    await harness.untilLoads(after + 1);
  });

  it("releases every watcher on close", { timeout: SLOW }, async () => {
    const handles = watchHandles;
    const baseline = handles();
    const h = await watchProject((p) => p.writeAll({ ".cursor/rules/a.mdc": RULE("a"), "packages/x/.agents/rules/b.md": RULE("b") }));
    expect(handles().length).toBeGreaterThan(baseline.length);
    await h.watcher.close();
    expect(handles()).toEqual(baseline);
    await h.watcher.close();
    await h.project.cleanup();
  });

  it("rejects ready when the first load fails, holding no watcher", { timeout: SLOW }, async () => {
    const baseline = watchHandles();
    const failing = { load: () => Promise.reject(new Error("no rules today")) };
    const watcher = watchRules(failing, { cwd: "/", home: "/" }, () => undefined);
    await expect(watcher.ready).rejects.toThrow("no rules today");
    expect(() => watcher.current()).toThrow(/before ready/);
    await watcher.close();
    expect(watchHandles()).toEqual(baseline);
  });

  it("names the culprit of a programming error", () => {
    expect(() => watchRules({} as never, { cwd: "/", home: "/" }, () => undefined)).toThrow(/load\(options\)/);
    const registry = { load: () => Promise.reject(new Error("unused")) };
    expect(() => watchRules(registry, { cwd: "/", home: "/" }, () => undefined, { debounceMs: -1 })).toThrow(/debounceMs/);
  });
});
