import { join } from "node:path";
import { createRegistry } from "@rulebook/core";
import { defineProvider } from "@rulebook/core/provider";
import { createTempProject } from "@rulebook/core/testing";
import { agentsProvider } from "@rulebook/provider-agents";
import { cursorProvider } from "@rulebook/provider-cursor";
import { describe, expect, it, onTestFinished } from "vitest";
import { watchTargets } from "./watch-targets.js";

async function targetsOf(files: Record<string, string>) {
  const project = await createTempProject({ git: true, prefix: "rulebook-targets-" });
  onTestFinished(() => project.cleanup());
  await project.writeAll(files);
  const result = await createRegistry([cursorProvider, agentsProvider]).load({ cwd: project.cwd, home: project.home });
  return { project, targets: await watchTargets(result, [join(project.cwd, "rulebook.config.json")]) };
}

describe("watchTargets", () => {
  it("watches the folders the walk listed, not the ones git ignores", async () => {
    const { project, targets } = await targetsOf({
      ".gitignore": "dist/\n",
      "src/app.ts": "",
      "dist/out.js": "",
      "node_modules/x/index.js": "",
      ".git/info/exclude": "",
      ".cursor/rules/a.mdc": "A",
    });
    expect(targets.folders).toContain(project.cwd);
    expect(targets.folders).toContain(join(project.cwd, "src"));
    expect(targets.folders).toContain(join(project.cwd, ".cursor/rules"));
    expect(targets.folders).not.toContain(join(project.cwd, "dist"));
    expect(targets.folders).not.toContain(join(project.cwd, "node_modules"));
    // git's exclude file and config shape the walk: their folders are watched, and of what
    // happens in .git only they count (git rewrites its index and refs all the time).
    expect(targets.folders).toContain(join(project.cwd, ".git/info"));
    expect(targets.folders).toContain(join(project.cwd, ".git"));
    expect(targets.folders).not.toContain(join(project.cwd, ".git/refs"));
    expect(targets.isRelevant(join(project.cwd, ".git/config"), false)).toBe(true);
    expect(targets.isRelevant(join(project.cwd, ".git/info/exclude"), false)).toBe(true);
    expect(targets.isRelevant(join(project.cwd, ".git/index"), false)).toBe(false);
    expect(targets.isRelevant(join(project.cwd, ".git/refs"), true)).toBe(false);
  });

  it("counts only events that can change the load: editing source files costs nothing", async () => {
    const { project, targets } = await targetsOf({ "src/app.ts": "", "README.md": "", ".cursor/rules/a.mdc": "A" });
    const at = (path: string) => join(project.cwd, path);
    expect(targets.isRelevant(at("src/app.ts"), false)).toBe(false);
    expect(targets.isRelevant(at("README.md"), false)).toBe(false);
    expect(targets.isRelevant(at(".cursor/rules/a.mdc"), false)).toBe(true);
    expect(targets.isRelevant(at(".cursor/rules/b.md"), false)).toBe(true);
    expect(targets.isRelevant(at(".cursor/rules/notes.txt"), false)).toBe(false);
    expect(targets.isRelevant(at("src/.gitignore"), false)).toBe(true);
    expect(targets.isRelevant(at(".cursorrules"), false)).toBe(true);
    expect(targets.isRelevant(at("rulebook.config.json"), false)).toBe(true);
    // A new folder anywhere the walk looked may hold rules later.
    expect(targets.isRelevant(at("src/feature"), true)).toBe(true);
  });

  it("watches the nearest existing folder above a missing source, and each folder on the way", async () => {
    const { project, targets } = await targetsOf({});
    // ~/.cursor/rules and ~/.agents/rules do not exist: home is watched for them.
    expect(targets.folders).toContain(project.home);
    expect(targets.isRelevant(join(project.home, ".cursor"), true)).toBe(true);
    expect(targets.isRelevant(join(project.home, ".cursor/rules"), true)).toBe(true);
    expect(targets.isRelevant(join(project.home, "Downloads"), true)).toBe(false);
  });

  it("watches every candidate a first source checked and every level a walk-up looked at", async () => {
    const project = await createTempProject({ git: true, prefix: "rulebook-targets-" });
    onTestFinished(() => project.cleanup());
    await project.writeAll({ "src/app.ts": "", ".junie/guidelines.md": "legacy" });
    const always = { level: "project", activation: "always" } as const;
    const kinds = defineProvider({
      id: "kinds",
      displayName: "Kinds",
      priority: 10,
      sources: ({ root }) => [
        {
          kind: "first",
          of: [
            { kind: "file", path: join(root, ".junie/AGENTS.md"), name: "junie/AGENTS", ...always },
            { kind: "file", path: join(root, ".junie/guidelines.md"), name: "junie/guidelines", ...always },
          ],
        },
        { kind: "walk-up", name: ".clinerules", to: "root", rule: "clinerules", extensions: [".md"], ...always },
      ],
    });
    const result = await createRegistry([kinds]).load({ cwd: join(project.cwd, "src"), root: project.cwd, home: project.home });
    const targets = await watchTargets(result);
    const at = (path: string) => join(project.cwd, path);
    // The candidate that would win if it appeared, though the load read the one after it.
    expect(targets.isRelevant(at(".junie/AGENTS.md"), false)).toBe(true);
    expect(targets.isRelevant(at(".junie/guidelines.md"), false)).toBe(true);
    // A nearer .clinerules, or one at the root, changes what the walk-up finds.
    expect(targets.isRelevant(at("src/.clinerules"), false)).toBe(true);
    expect(targets.isRelevant(at(".clinerules"), true)).toBe(true);
    expect(targets.isRelevant(at("src/app.ts"), false)).toBe(false);
  });

  it("watches a listed source's file, each path it names and the folders its globs walked", async () => {
    const project = await createTempProject({ git: true, prefix: "rulebook-targets-" });
    onTestFinished(() => project.cleanup());
    await project.writeAll({ "opencode.json": '{ "instructions": ["NOTES.md", "docs/*.md"] }', "docs/style.md": "Style.", "src/app.ts": "" });
    const listing = defineProvider({
      id: "listing",
      displayName: "Listing",
      priority: 10,
      sources: ({ root, home }) => [
        { kind: "listed", file: join(root, "opencode.json"), key: "instructions", level: "project", activation: "always" },
        { kind: "listed", file: join(home, "opencode.json"), key: "instructions", level: "user", activation: "always" },
      ],
    });
    await project.writeAll({ "opencode.json": '{ "instructions": ["~/rules/*.md"] }', "rules/mine.md": "Mine." }, "home");
    const result = await createRegistry([listing]).load({ cwd: project.cwd, home: project.home });
    expect(result.rules.map((r) => r.name)).toEqual(["docs/style", "~/rules/mine"]);
    const targets = await watchTargets(result);
    const at = (path: string) => join(project.cwd, path);
    expect(targets.isRelevant(at("opencode.json"), false)).toBe(true);
    // NOTES.md is named but missing: creating it changes the load.
    expect(targets.isRelevant(at("NOTES.md"), false)).toBe(true);
    expect(targets.isRelevant(at("docs/style.md"), false)).toBe(true);
    expect(targets.isRelevant(at("docs/new.md"), false)).toBe(true);
    expect(targets.isRelevant(at("docs/deep/new.md"), false)).toBe(false);
    expect(targets.isRelevant(at("src/app.ts"), false)).toBe(false);
    // The user's list: its glob's folder under home, and the list itself.
    expect(targets.isRelevant(join(project.home, "rules/other.md"), false)).toBe(true);
    expect(targets.isRelevant(join(project.home, "opencode.json"), false)).toBe(true);
  });
});
