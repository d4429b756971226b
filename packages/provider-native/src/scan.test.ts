import { loadProvider, tempTree } from "@rulebook/core/testing";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nativeProvider } from "./index.js";

describe("nativeProvider folder scanning (docs/behaviour.md#the-project-root-and-the-walk)", () => {
  it("walks depth first in byte order, skipping hidden entries, node_modules and symlinked folders", async () => {
    const root = await tempTree({
      "proj/.xcsh/rules/b.md": "b",
      "proj/.xcsh/rules/a/z.md": "a/z",
      "proj/.xcsh/rules/a/b/c.mdc": "a/b/c",
      "proj/.xcsh/rules/B.md": "B",
      "proj/.xcsh/rules/_x.md": "_x",
      "proj/.xcsh/rules/.hidden.md": "hidden file",
      "proj/.xcsh/rules/.git/inside.md": "hidden folder",
      "proj/.xcsh/rules/node_modules/pkg/rule.md": "dependency",
      "outside/folder/followed.md": "through a folder link",
      "proj/.xcsh/rules/linked-folder": { symlink: "outside/folder" },
    });
    const { rules, diagnostics } = await loadProvider(nativeProvider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
    });
    expect(rules.map((r) => r.content)).toEqual(["B", "_x", "a/b/c", "a/z", "b"]);
    expect(diagnostics).toEqual([]);
  });

  it("reads a symlinked file under the link's path and name when its target is inside the project", async () => {
    const root = await tempTree({
      "proj/shared/team-style.md": "---\ndescription: Team style\n---\nShared body",
      "proj/.xcsh/rules/style.md": { symlink: "proj/shared/team-style.md" },
    });
    const { rules, diagnostics } = await loadProvider(nativeProvider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
    });
    expect(rules).toEqual([
      expect.objectContaining({
        name: "style",
        path: join(root, "proj/.xcsh/rules/style.md"),
        description: "Team style",
        content: "Shared body",
      }),
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("refuses a symlinked project rule whose target is outside the project (symlink-outside)", async () => {
    const root = await tempTree({
      "shared/team-style.md": "Shared body",
      "proj/.xcsh/rules/style.md": { symlink: "shared/team-style.md" },
      "proj/.xcsh/rules/own.md": "Own body",
    });
    const { rules, diagnostics } = await loadProvider(nativeProvider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
    });
    expect(rules.map((r) => r.name)).toEqual(["own"]);
    expect(diagnostics).toEqual([
      expect.objectContaining({ code: "symlink-outside", provider: "native", path: join(root, "proj/.xcsh/rules/style.md") }),
    ]);
  });

  it("names a rule after its file without the final rule extension, matching extensions case-sensitively", async () => {
    const root = await tempTree({
      "proj/.xcsh/rules/foo.bar.md": "dotted",
      "proj/.xcsh/rules/draft.md.txt": "not a rule",
      "proj/.xcsh/rules/loud.MD": "not a rule",
      "proj/.xcsh/rules/loud.Mdc": "not a rule",
      "proj/.xcsh/rules/page.html.mdc": "mdc",
    });
    const { rules } = await loadProvider(nativeProvider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
    });
    expect(rules.map((r) => r.name)).toEqual(["foo.bar", "page.html"]);
  });

  it("warns when the rules folder is a file, and reads the other folder", async () => {
    const root = await tempTree({
      "proj/.xcsh/rules": "a file, not a folder",
      "home/.xcsh/agent/rules/mine.md": "user rule",
    });
    const { rules, diagnostics } = await loadProvider(nativeProvider, {
      cwd: join(root, "proj"),
      home: join(root, "home"),
    });
    expect(rules.map((r) => r.name)).toEqual(["mine"]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: "not-a-folder",
        path: join(root, "proj/.xcsh/rules"),
      }),
    ]);
  });
});
