import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RuleFs } from "../read/fs.js";
import { loadRules } from "../load/load.js";
import { type Provider, type ProviderContext, defineProvider } from "../provider/provider.js";
import { watchSource } from "./kinds.js";
import type { RuleSourceSpec } from "./types.js";
import { tempTree } from "../testing/temp-tree.js";
import { loadProvider, memoryFs, unreadableFs } from "../testing/test-fs.js";

const provider = (sources: (context: ProviderContext) => RuleSourceSpec[]): Provider =>
  defineProvider({ id: "kinds", displayName: "Kinds", priority: 10, sources });
const file = (path: string, name: string) => ({ kind: "file", path, name, level: "project", activation: "always" }) as const;
const folder = (path: string) => ({ kind: "folder", path, extensions: [".md"], level: "project" }) as const;
const names = (result: { rules: readonly { name: string }[] }) => result.rules.map((r) => r.name);
const denied = (path: string) => Object.assign(new Error(`EACCES: permission denied, stat '${path}'`), { code: "EACCES" });
/** A memory file system whose `stat` of `path` fails. */
const statFails = (files: Record<string, string>, path: string): RuleFs => {
  const base = memoryFs(files);
  return { ...base, stat: async (p) => (p === path ? Promise.reject(denied(p)) : base.stat(p)) };
};

describe("a first source", () => {
  const zedLike = provider(({ root }) => [
    { kind: "first", present: "file", of: [file(join(root, ".rules"), "rules"), file(join(root, "AGENTS.md"), "AGENTS")] },
  ]);
  const junieLike = provider(({ root }) => [
    {
      kind: "first",
      of: [file(join(root, "new.md"), "new"), [file(join(root, "old.md"), "old"), folder(join(root, "old"))]],
    },
  ]);

  it("reads only its first present candidate", async () => {
    const fs = memoryFs({ "/p/.rules": "first", "/p/AGENTS.md": "second" });
    expect(names(await loadProvider(zedLike, { cwd: "/p", root: "/p", home: "/h", fs }))).toEqual(["rules"]);
  });

  it("reads nothing, silently, when no candidate is there", async () => {
    expect(await loadProvider(zedLike, { cwd: "/p", root: "/p", home: "/h", fs: memoryFs({}) })).toEqual({ rules: [], diagnostics: [] });
  });

  it("with present: file, passes over a folder where a file is expected", async () => {
    const fs = memoryFs({ "/p/.rules/x.md": "a folder", "/p/AGENTS.md": "second" });
    expect(names(await loadProvider(zedLike, { cwd: "/p", root: "/p", home: "/h", fs }))).toEqual(["AGENTS"]);
  });

  it("with present: file, passes over a file it cannot check (it is not known to be a file)", async () => {
    const fs = statFails({ "/p/.rules": "first", "/p/AGENTS.md": "second" }, "/p/.rules");
    const result = await loadProvider(zedLike, { cwd: "/p", root: "/p", home: "/h", fs });
    expect(names(result)).toEqual(["AGENTS"]);
    expect(result.diagnostics).toEqual([]);
  });

  it("otherwise takes a folder where a file is expected, and reports it instead of falling back", async () => {
    const fs = memoryFs({ "/p/new.md/x.md": "odd", "/p/old.md": "legacy" });
    const result = await loadProvider(junieLike, { cwd: "/p", root: "/p", home: "/h", fs });
    expect(result.rules).toEqual([]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "not-a-file", path: "/p/new.md" })]);
  });

  it("reports a candidate it cannot check instead of passing over it", async () => {
    const fs = statFails({ "/p/old.md": "legacy" }, "/p/new.md");
    const result = await loadProvider(junieLike, { cwd: "/p", root: "/p", home: "/h", fs });
    expect(result.rules).toEqual([]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "file-unreadable", path: "/p/new.md" })]);
  });

  it("reads a list candidate whole when one of its members is there", async () => {
    const fs = memoryFs({ "/p/old/a.md": "from the folder" });
    expect(names(await loadProvider(junieLike, { cwd: "/p", root: "/p", home: "/h", fs }))).toEqual(["a"]);
  });

  it("skips a candidate whose check folder holds no rule file (hidden entries and other extensions do not count)", async () => {
    const legacy = provider(({ root }) => [
      folder(join(root, "rules")),
      { kind: "first", of: [{ check: join(root, "rules"), extensions: [".md"] }, file(join(root, ".legacy"), "legacy")] },
    ]);
    const at = { cwd: "/p", root: "/p", home: "/h" };
    const empty = memoryFs({ "/p/rules/notes.txt": "", "/p/rules/.hidden.md": "", "/p/.legacy": "old" });
    expect(names(await loadProvider(legacy, { ...at, fs: empty }))).toEqual(["legacy"]);
    const full = memoryFs({ "/p/rules/deep/a.md": "new", "/p/.legacy": "old" });
    expect(names(await loadProvider(legacy, { ...at, fs: full }))).toEqual(["deep/a"]);
  });

  it("does not follow a check folder that is a link out of the project into a decision it cannot read", async () => {
    const dir = await tempTree({ "outside/a.md": "outside", "proj/.legacy": "old", "proj/rules": { symlink: "outside" } });
    const proj = join(dir, "proj");
    const legacy = provider(({ root }) => [
      folder(join(root, "rules")),
      { kind: "first", of: [{ check: join(root, "rules"), extensions: [".md"] }, file(join(root, ".legacy"), "legacy")] },
    ]);
    const result = await loadProvider(legacy, { cwd: proj, root: proj, home: join(dir, "home") });
    // The folder counts as holding rules (as Roo would see it), but its own read refuses to leave the project.
    expect(result.rules).toEqual([]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "symlink-outside", path: join(proj, "rules") })]);
  });

  it("is refused, with the others still read, when a candidate is malformed", async () => {
    const bad = provider(({ root }) => [
      { kind: "first", of: [{ kind: "file", path: "relative.md", name: "x", level: "project" }] } as unknown as RuleSourceSpec,
      file(join(root, "ok.md"), "ok"),
    ]);
    const result = await loadProvider(bad, { cwd: "/p", root: "/p", home: "/h", fs: memoryFs({ "/p/ok.md": "fine" }) });
    expect(names(result)).toEqual(["ok"]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "provider-failed", message: expect.stringContaining("candidate 1") })]);
  });

  it("with warnIgnored, warns about each later candidate that is present beside the chosen one, and only then", async () => {
    const warns = provider(({ root }) => [
      {
        kind: "first",
        warnIgnored: "legacy-ignored",
        of: [file(join(root, "new.md"), "new"), [file(join(root, "old.md"), "old"), folder(join(root, "old"))]],
      },
    ]);
    const both = await loadProvider(warns, {
      cwd: "/p",
      root: "/p",
      home: "/h",
      fs: memoryFs({ "/p/new.md": "n", "/p/old.md": "o", "/p/old/a.md": "a" }),
    });
    expect(names(both)).toEqual(["new"]);
    expect(both.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual([
      ["legacy-ignored", "warning", "/p/old.md"],
      ["legacy-ignored", "warning", "/p/old"],
    ]);
    expect(both.diagnostics[0]?.message).toBe(
      "/p/old.md is ignored: Kinds reads /p/new.md instead when it exists; move what it says there, or delete it",
    );
    const legacyOnly = await loadProvider(warns, { cwd: "/p", root: "/p", home: "/h", fs: memoryFs({ "/p/old.md": "o" }) });
    expect(legacyOnly).toEqual({ rules: [expect.objectContaining({ name: "old" })], diagnostics: [] });
  });

  it("refuses a warnIgnored that is not a code", async () => {
    const bad = provider(({ root }) => [{ kind: "first", warnIgnored: 3, of: [file(join(root, "a.md"), "a")] } as unknown as RuleSourceSpec]);
    const result = await loadProvider(bad, { cwd: "/p", root: "/p", home: "/h", fs: memoryFs({ "/p/a.md": "a" }) });
    expect(result.rules).toEqual([]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: "provider-failed", message: expect.stringContaining("a first source whose warnIgnored is number 3") }),
    ]);
  });
});

describe("a walk-up source", () => {
  const clineLike = provider(() => [
    { kind: "walk-up", name: ".clinerules", to: "root", rule: "clinerules", extensions: [".md"], skip: ["workflows"], level: "project" },
  ]);

  it("reads the nearest entry from cwd up: a folder as a rule folder, a file as one rule", async () => {
    const fs = memoryFs({ "/r/.clinerules": "outer", "/r/app/.clinerules/a.md": "inner", "/r/app/.clinerules/workflows/w.md": "" });
    expect(names(await loadProvider(clineLike, { cwd: "/r/app/src", root: "/r", home: "/h", fs }))).toEqual(["a"]);
    expect(names(await loadProvider(clineLike, { cwd: "/r/lib", root: "/r", home: "/h", fs }))).toEqual(["clinerules"]);
  });

  it("never looks above the project root, nor at all when cwd is outside it", async () => {
    const fs = memoryFs({ "/.clinerules": "above", "/r/x": "", "/elsewhere/.clinerules": "outside" });
    expect(await loadProvider(clineLike, { cwd: "/r", root: "/r", home: "/h", fs })).toEqual({ rules: [], diagnostics: [] });
    expect(await loadProvider(clineLike, { cwd: "/elsewhere", root: "/r", home: "/h", fs })).toEqual({ rules: [], diagnostics: [] });
  });

  it("reports a level it cannot check and goes on above it", async () => {
    const fs = statFails({ "/r/.clinerules": "outer" }, "/r/app/.clinerules");
    const result = await loadProvider(clineLike, { cwd: "/r/app", root: "/r", home: "/h", fs });
    expect(names(result)).toEqual(["clinerules"]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "file-unreadable", path: "/r/app/.clinerules" })]);
  });

  it("refuses an entry linked to a folder outside the project, and reports an unreadable file in it", async () => {
    const dir = await tempTree({
      "shared/a.md": "outside",
      "proj/.git/HEAD": "",
      "proj/sub/.clinerules/b.md": "inside",
      "proj/.clinerules": { symlink: "shared" },
    });
    const proj = join(dir, "proj");
    const out = await loadProvider(clineLike, { cwd: proj, root: proj, home: join(dir, "home") });
    expect(out.rules).toEqual([]);
    expect(out.diagnostics).toEqual([expect.objectContaining({ code: "symlink-outside", path: join(proj, ".clinerules") })]);
    const broken = join(proj, "sub/.clinerules/b.md");
    const unreadable = await loadProvider(clineLike, { cwd: join(proj, "sub"), root: proj, home: join(dir, "home"), fs: unreadableFs([broken]) });
    expect(unreadable.diagnostics).toEqual([expect.objectContaining({ code: "file-unreadable", path: broken })]);
  });
});

describe("an each source", () => {
  const rooLike = provider(({ root }) => [
    {
      kind: "each",
      in: join(root, ".roo"),
      prefix: "rules-",
      entries: "folder",
      source: (mode, path) => ({ ...folder(path), modes: [mode], namePrefix: `rules-${mode}/` }),
    },
  ]);

  it("stands for one source per matching folder, in byte order, and is silent when its folder is missing", async () => {
    const fs = memoryFs({ "/p/.roo/rules-zz/a.md": "z", "/p/.roo/rules-code/a.md": "c", "/p/.roo/rules-x.md": "a file", "/p/.roo/rules-/b.md": "" });
    const result = await loadProvider(rooLike, { cwd: "/p", root: "/p", home: "/h", fs });
    expect(result.rules.map((r) => [r.name, r.modes])).toEqual([
      ["rules-code/a", ["code"]],
      ["rules-zz/a", ["zz"]],
    ]);
    expect(await loadProvider(rooLike, { cwd: "/p", root: "/p", home: "/h", fs: memoryFs({}) })).toEqual({ rules: [], diagnostics: [] });
  });

  it("turns a source() that throws or returns nonsense into a diagnostic, and reads the rest", async () => {
    const odd = provider(({ root }) => [
      {
        kind: "each",
        in: root,
        prefix: "r-",
        entries: "file",
        source: (suffix, path) => {
          if (suffix === "boom") throw new Error("boom");
          if (suffix === "odd") return { kind: "pattern" } as unknown as RuleSourceSpec & { kind: "file" };
          return file(path, suffix);
        },
      },
    ]);
    const fs = memoryFs({ "/p/r-boom": "", "/p/r-odd": "", "/p/r-ok": "fine" });
    const result = await loadProvider(odd, { cwd: "/p", root: "/p", home: "/h", fs });
    expect(names(result)).toEqual(["ok"]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["provider-failed", "provider-failed"]);
  });
});

describe("what a load records for a watcher", () => {
  it("lists every path a first or walk-up source checked, and reports the sources read", async () => {
    const dir = await tempTree({ "proj/.git/HEAD": "", "proj/b.md": "second" });
    const proj = join(dir, "proj");
    const both = provider(({ root }) => [
      { kind: "first", of: [file(join(root, "a.md"), "a"), file(join(root, "b.md"), "b")] },
      { kind: "walk-up", name: ".up", to: "root", rule: "up", extensions: [".md"], level: "project" },
    ]);
    const result = await loadRules([both], { cwd: join(proj, "src"), root: proj, home: join(dir, "home") });
    expect(result.searched.files).toEqual(expect.arrayContaining([join(proj, "a.md"), join(proj, "b.md"), join(proj, "src/.up"), join(proj, ".up")]));
    expect(result.sources.map((s) => [s.source.kind, s.rules])).toEqual([["file", 1]]);
  });
});

describe("what each simple kind tells a watcher", () => {
  it("names the paths to watch and the file events that concern the source", () => {
    const folderSource = { kind: "folder", path: "/h/.cursor/rules", extensions: [".mdc"], level: "user" } as const;
    const missing = watchSource(folderSource, new Set());
    expect(missing.paths).toEqual(["/h/.cursor/rules"]);
    expect(watchSource(folderSource, new Set(["/h/.cursor/rules"])).paths).toEqual([]);
    expect(missing.concerns("/h/.cursor/rules/deep/a.mdc")).toBe(true);
    expect(missing.concerns("/h/.cursor/rules/notes.txt")).toBe(false);
    const rules = watchSource({ kind: "pattern", folder: ".cursor/rules", extensions: [".mdc"], level: "project" }, new Set());
    expect(rules.concerns("/p/web/.cursor/rules/a.mdc")).toBe(true);
    expect(rules.concerns("/p/web/.cursor/rules")).toBe(true);
    expect(rules.concerns("/p/web/src/a.mdc")).toBe(false);
    const agents = watchSource({ kind: "pattern", file: "AGENTS.md", name: "AGENTS", level: "project" }, new Set());
    expect([agents.concerns("/p/api/AGENTS.md"), agents.concerns("/p/api/NOTAGENTS.md")]).toEqual([true, false]);
    expect(watchSource(file("/p/.cursorrules", "cursorrules"), new Set()).paths).toEqual(["/p/.cursorrules"]);
  });
});
