import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeFs } from "../read/fs.js";
import { loadRules } from "./load.js";
import { partitionRules } from "../rule/partition.js";
import { type Provider, defineProvider } from "../provider/provider.js";
import { createRegistry } from "../provider/registry.js";
import { tempTree } from "../testing/temp-tree.js";
import type { Rule } from "../rule/types.js";

const agentsMd = defineProvider({
  id: "agents-md",
  displayName: "AGENTS.md",
  priority: 60,
  sources: ({ home }) => [
    { kind: "pattern", file: "AGENTS.md", name: "AGENTS", level: "project", activation: "always" },
    { kind: "file", path: join(home, ".codex", "AGENTS.md"), name: "~/.codex/AGENTS", level: "user", activation: "always" },
  ],
});
const cursorLike = defineProvider({
  id: "cursor",
  displayName: "Cursor",
  priority: 50,
  sources: ({ root, home }) => [
    { kind: "pattern", folder: ".cursor/rules", extensions: [".mdc", ".md"], level: "project" },
    { kind: "file", path: join(root, ".cursorrules"), name: "cursorrules", level: "project", activation: "always" },
    { kind: "folder", path: join(home, ".cursor", "rules"), extensions: [".mdc", ".md"], level: "user" },
  ],
});
const claudeLike = defineProvider({
  id: "claude",
  displayName: "Claude",
  priority: 45,
  sources: () => [{ kind: "pattern", file: "CLAUDE.md", name: "CLAUDE", level: "project", activation: "always" }],
});

const summary = (rules: readonly Rule[]) => rules.map((r) => [r.name, r.scope ?? "", r.source.provider, r.alwaysApply ?? false]);

describe("loadRules with v2 sources", () => {
  it("finds nested rules, scopes them to their folder and names them by it", async () => {
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/AGENTS.md": "# Repo\nUse pnpm.",
      "proj/packages/api/AGENTS.md": "# API\nValidate input.",
      "proj/packages/web/.cursor/rules/react.mdc": "---\nglobs: packages/web/src/**/*.tsx\n---\nFunction components.",
      "proj/packages/web/.cursor/rules/backend/style.mdc": "---\ndescription: Styling\n---\nUse tokens.",
      "proj/.cursor/rules/backend/style.mdc": "---\ndescription: Root styling\n---\nRoot tokens.",
    });
    const result = await createRegistry([agentsMd, cursorLike]).load({ cwd: join(root, "proj/packages/web"), home: join(root, "home") });
    expect(result.root).toBe(join(root, "proj"));
    expect(summary(result.rules)).toEqual([
      ["AGENTS", "", "agents-md", true],
      ["packages/api/AGENTS", "packages/api", "agents-md", true],
      ["backend/style", "", "cursor", false],
      ["packages/web/backend/style", "packages/web", "cursor", false],
      ["packages/web/react", "packages/web", "cursor", false],
    ]);
    expect(result.shadowed).toEqual([]);
  });

  it("reads no project sources when the project root is home itself (no project there)", async () => {
    const root = await tempTree({ "home/.cursor/rules/mine.mdc": "user rule", "home/work/x/.cursor/rules/b.mdc": "somebody's project" });
    const home = join(root, "home");
    const result = await loadRules([cursorLike], { cwd: home, home });
    expect(result.rules.map((r) => [r.name, r.source.level])).toEqual([["mine", "user"]]);
  });

  it("takes the root option, else the nearest .git at or above cwd, never home or above", async () => {
    const root = await tempTree({ "home/.git/config": "", "home/code/app/AGENTS.md": "app", "home/code/AGENTS.md": "code" });
    const home = join(root, "home");
    const inHome = await loadRules([agentsMd], { cwd: join(home, "code/app"), home });
    expect(inHome.root).toBe(join(home, "code/app"));
    expect(inHome.rules.map((r) => r.name)).toEqual(["AGENTS"]);
    const given = await loadRules([agentsMd], { cwd: join(home, "code/app"), home, root: join(home, "code") });
    expect(given.rules.map((r) => r.name)).toEqual(["AGENTS", "app/AGENTS"]);
  });

  it("puts a provider's project rules before its user rules (v2 precedence)", async () => {
    const root = await tempTree({ "proj/.cursor/rules/style.mdc": "project style", "home/.cursor/rules/style.mdc": "user style" });
    const result = await loadRules([cursorLike], { cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => [r.name, r.source.level])).toEqual([["style", "project"]]);
    expect(result.shadowed.map((s) => s.rule.source.level)).toEqual(["user"]);
  });

  it("uses identical content once: a symlinked CLAUDE.md is a duplicate of AGENTS", async () => {
    const root = await tempTree({
      "proj/AGENTS.md": "Run the tests.\r\n",
      "proj/CLAUDE.md": { symlink: "proj/AGENTS.md" },
      "proj/packages/a/AGENTS.md": "Same text, other scope: kept.",
      "proj/packages/b/AGENTS.md": "Same text, other scope: kept.",
    });
    const result = await createRegistry([claudeLike, agentsMd]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.name)).toEqual(["AGENTS", "packages/a/AGENTS", "packages/b/AGENTS"]);
    expect(result.duplicates.map((d) => [d.rule.name, d.duplicateOf.name])).toEqual([["CLAUDE", "AGENTS"]]);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ code: "rule-duplicate", severity: "info", path: join(root, "proj/CLAUDE.md") }),
    );
  });

  it("counts one file reached by two sources once, never as shadowed by itself", async () => {
    const root = await tempTree({ "proj/CLAUDE.local.md": "Local notes." });
    const twice = defineProvider({
      id: "claude",
      displayName: "Claude",
      priority: 45,
      sources: ({ root: r }) => [
        { kind: "file", path: join(r, "CLAUDE.local.md"), name: "CLAUDE.local", level: "project", activation: "always" },
        { kind: "pattern", file: "CLAUDE.local.md", name: "CLAUDE.local", level: "project", activation: "always" },
      ],
    });
    const result = await loadRules([twice], { cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.name)).toEqual(["CLAUDE.local"]);
    expect(result.shadowed).toEqual([]);
    expect(result.duplicates).toEqual([]);
  });

  it("reads a file another provider also reaches once, as the owner's rule: nothing shadowed (SPEC §2 v4)", async () => {
    const root = await tempTree({ "proj/.cursorrules": "Use tabs." });
    const zedLike = defineProvider({
      id: "zed",
      displayName: "Zed",
      priority: 15,
      sources: ({ root: r }) => [{ kind: "file", path: join(r, ".cursorrules"), name: "cursorrules", level: "project", activation: "always" }],
    });
    const result = await loadRules([cursorLike, zedLike], { cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => [r.name, r.source.provider])).toEqual([["cursorrules", "cursor"]]);
    expect(result.shadowed).toEqual([]);
    expect(result.diagnostics).toEqual([]);
  });

  it("warns when an inactive winner hides an active rule of the same name", async () => {
    const root = await tempTree({
      "proj/.cursor/rules/security.mdc": "---\nalwaysApply: false\n---\nManual security notes.",
      "proj/.windsurf/rules/security.md": "---\ntrigger: always_on\n---\nNever log secrets.",
    });
    const windsurfLike = defineProvider({
      id: "windsurf",
      displayName: "Windsurf",
      priority: 50,
      sources: () => [{ kind: "pattern", folder: ".windsurf/rules", extensions: [".md"], level: "project", activation: "always" }],
    });
    const result = await createRegistry([cursorLike, windsurfLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    const warning = result.diagnostics.find((d) => d.code === "shadow-hides-active");
    expect(warning).toMatchObject({ severity: "warning", path: join(root, "proj/.cursor/rules/security.mdc") });
    expect(warning?.message).toContain(join(root, "proj/.windsurf/rules/security.md"));
  });

  it("refuses rule files and folders whose real path leaves the project root, even into home", async () => {
    const root = await tempTree({
      "home/.npmrc": "//registry.npmjs.org/:_authToken=npm_SECRET",
      "proj/.cursorrules": { symlink: "home/.npmrc" },
      "proj/docs/shared.md": "Shared inside the project.",
      "proj/.cursor/rules/shared.mdc": { symlink: "proj/docs/shared.md" },
      "proj/packages/x/AGENTS.md": "ok",
    });
    symlinkSync("/", join(root, "proj/packages/x/.cursor"));
    mkdirSync(join(root, "proj/nested/.cursor"), { recursive: true });
    symlinkSync("/etc", join(root, "proj/nested/.cursor/rules"));
    const result = await createRegistry([agentsMd, cursorLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.name)).toEqual(["packages/x/AGENTS", "shared"]);
    expect(result.rules.some((r) => r.content.includes("SECRET"))).toBe(false);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ code: "symlink-outside", severity: "error", path: join(root, "proj/.cursorrules") }),
    );
  });

  it("skips a FIFO named like a rule file without blocking on it", async () => {
    const root = await tempTree({ "proj/AGENTS.md": "real", "proj/.cursor/rules/ok.mdc": "ok" });
    execFileSync("mkfifo", [join(root, "proj/.cursor/rules/pipe.mdc")]);
    execFileSync("mkfifo", [join(root, "proj/.cursorrules")]);
    const result = await createRegistry([agentsMd, cursorLike]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.name)).toEqual(["AGENTS", "ok"]);
    expect(result.diagnostics.filter((d) => d.code === "not-a-file").map((d) => d.path)).toEqual([
      join(root, "proj/.cursor/rules/pipe.mdc"),
      join(root, "proj/.cursorrules"),
    ]);
  });

  it("runs a v1 provider (its own load) next to v2 providers", async () => {
    const root = await tempTree({ "proj/AGENTS.md": "from a file" });
    const v1: Provider = Object.freeze({
      specificationVersion: "v1" as const,
      id: "legacy",
      displayName: "Legacy",
      priority: 80,
      load: (ctx: { cwd: string }) => ({
        rules: [
          {
            name: "db",
            path: join(ctx.cwd, "db.rule"),
            content: "from a database",
            alwaysApply: true as const,
            source: { provider: "legacy", providerName: "Legacy", level: "project" as const },
          },
        ],
        diagnostics: [],
      }),
    });
    const result = await createRegistry([agentsMd, v1]).load({ cwd: join(root, "proj"), home: join(root, "home") });
    expect(summary(result.rules)).toEqual([
      ["db", "", "legacy", true],
      ["AGENTS", "", "agents-md", true],
    ]);
  });
});

describe("loadRules against malformed providers", () => {
  const run = (load: Provider["load"]) =>
    loadRules([defineProvider({ id: "bad", displayName: "Bad", priority: 1, load }), agentsMd], {
      cwd: "/nonexistent-proj",
      home: "/nonexistent-home",
    });

  it("turns anything a provider throws into one diagnostic", async () => {
    const unprintable = Object.create(null);
    const loud = {
      toString: () => {
        throw new Error("no");
      },
    };
    for (const thrown of [unprintable, loud, new Error("boom")]) {
      const result = await run(() => {
        throw thrown;
      });
      expect(result.diagnostics.map((d) => d.code)).toEqual(["provider-failed"]);
    }
  });

  it("validates every field of every rule and keeps the good ones", async () => {
    const good = { name: "good", path: "/x/good.md", content: "ok", source: { provider: "spoof", providerName: "Spoof", level: "project" } };
    const throwing = {
      get name() {
        throw new Error("getter");
      },
    };
    const proxy = new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
      },
    );
    const result = await run(() => ({
      rules: [
        good,
        throwing,
        proxy,
        null,
        { ...good, name: "sym", content: "sym", description: Symbol("x") },
        { ...good, name: "strings", content: "strings", globs: "*.ts", condition: [42] },
        { ...good, name: "cond-string", content: "cond string", condition: "rm -rf", globs: 7 },
        Object.create(null),
        { ...good, name: "no-source", content: "no source", source: undefined },
        { ...good, name: "   " },
        { ...good, name: "../escape" },
        { ...good, name: "de\u202Eploy", content: "deploy" },
      ] as never,
      diagnostics: [null, 5, { severity: "warning", code: "ok", message: "kept" }] as never,
    }));
    expect(result.rules.map((r) => [r.name, r.source.provider, r.description ?? null, r.globs ?? null, r.condition ?? null])).toEqual([
      ["good", "bad", null, null, null],
      ["sym", "bad", null, null, null],
      ["strings", "bad", null, null, null],
      ["cond-string", "bad", null, null, null],
      ["no-source", "bad", null, null, null],
      ["deploy", "bad", null, null, null],
    ]);
    const codes = result.diagnostics.map((d) => d.code);
    expect(codes).toContain("ok");
    expect(codes.filter((c) => c === "rule-name-invalid")).toHaveLength(2);
    expect(codes).toContain("hidden-character");
    expect(codes.filter((c) => c === "provider-failed").length).toBeGreaterThanOrEqual(9);
    // What the load gives, a host can partition without a crash.
    expect(partitionRules(result.rules).all).toHaveLength(6);
  });

  it("reports hidden characters in a load hook's description, globs and condition, and removes them from the globs (item 15)", async () => {
    const good = { path: "/x/r.md", source: { provider: "bad", providerName: "Bad", level: "project" as const } };
    const result = await run(() => ({
      rules: [
        { ...good, name: "r", content: "body", description: "Re\u200Bview", globs: ["src/**/*.t\u200Bs", "\u2060"], condition: ["rm\u200B -rf"] },
      ],
      diagnostics: [],
    }));
    expect(result.rules[0]).toMatchObject({ description: "Review", globs: ["src/**/*.ts"], condition: ["rm\u200B -rf"] });
    const hidden = result.diagnostics.filter((d) => d.code.startsWith("hidden-character")).map((d) => d.message.split(" contains")[0]);
    expect(hidden).toEqual(['description "Re<U+200B>view"', 'glob "src/**/*.t<U+200B>s"', 'glob "<U+2060>"', 'condition "rm<U+200B> -rf"']);
  });

  it("gives each provider its own frozen context", async () => {
    const seen: number[] = [];
    const greedy = defineProvider({
      id: "greedy",
      displayName: "G",
      priority: 2,
      load: (ctx) => {
        try {
          (ctx as { maxFileBytes: number }).maxFileBytes = 10;
        } catch {
          // frozen
        }
        return { rules: [], diagnostics: [] };
      },
    });
    const observer = defineProvider({
      id: "observer",
      displayName: "O",
      priority: 1,
      load: (ctx) => {
        seen.push(ctx.maxFileBytes);
        return { rules: [], diagnostics: [] };
      },
    });
    await loadRules([greedy, observer], { cwd: "/nonexistent-proj", home: "/nonexistent-home" });
    expect(seen).toEqual([1024 * 1024]);
  });

  it("lets no provider replace the file system the others read through (item 21)", async () => {
    const root = await tempTree({ "proj/AGENTS.md": "The real text." });
    const vandal = defineProvider({
      id: "vandal",
      displayName: "V",
      priority: 99,
      load: (ctx) => {
        for (const target of [ctx.fs, nodeFs]) {
          try {
            (target as { readFile: unknown }).readFile = () => ({ bytes: new TextEncoder().encode("Injected.") });
          } catch {
            // frozen
          }
        }
        return { rules: [], diagnostics: [] };
      },
    });
    const result = await loadRules([vandal, agentsMd], { cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.content)).toEqual(["The real text."]);
  });

  it("rejects on abort even while a provider never settles", async () => {
    const stuck = defineProvider({ id: "stuck", displayName: "S", priority: 1, load: () => new Promise(() => undefined) });
    const controller = new AbortController();
    const pending = loadRules([stuck], { cwd: "/nonexistent-proj", home: "/nonexistent-home", signal: controller.signal });
    controller.abort(new Error("gave up"));
    await expect(pending).rejects.toThrow("gave up");
  });
});

describe("loadRules and a provider that never settles (issue 19 item 10)", () => {
  it("skips it after providerTimeoutMs with a diagnostic, and loads the others", async () => {
    const root = await tempTree({ "proj/AGENTS.md": "Use pnpm." });
    const stuckLoad = defineProvider({ id: "stuck-load", displayName: "S", priority: 9, load: () => new Promise(() => undefined) });
    const stuckSources = defineProvider({ id: "stuck-sources", displayName: "S", priority: 8, sources: () => new Promise(() => undefined) });
    const result = await loadRules([stuckLoad, stuckSources, agentsMd], { cwd: join(root, "proj"), home: join(root, "home"), providerTimeoutMs: 20 });
    expect(result.rules.map((r) => r.name)).toEqual(["AGENTS"]);
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ["provider-failed", 'provider "stuck-load" load() did not settle within 20 ms; its rules are skipped'],
      ["provider-failed", 'provider "stuck-sources" sources() did not settle within 20 ms; its rules are skipped'],
    ]);
    await expect(loadRules([agentsMd], { cwd: join(root, "proj"), home: join(root, "home"), providerTimeoutMs: -1 })).rejects.toThrow(
      /providerTimeoutMs/,
    );
  });
});

describe("loadRules and rule names from file names", () => {
  it("reports invisible characters and NFD spellings in file names, and a name that is not UTF-8", async () => {
    const root = await tempTree({
      "proj/.cursor/rules/security.mdc": "Never log secrets.",
      "proj/.cursor/rules/secu\u200Brity.mdc": "A second security rule, hidden.",
      "proj/.cursor/rules/de\u202Eploy.mdc": "Deploy steps.",
      "proj/.cursor/rules/caf\u00e9.mdc": "Composed.",
      "proj/.cursor/rules/cafe\u0301.mdc": "Decomposed twin.",
    });
    const { writeFileSync } = await import("node:fs");
    writeFileSync(Buffer.concat([Buffer.from(join(root, "proj/.cursor/rules/latin")), Buffer.from([0xe9]), Buffer.from(".mdc")]), "bytes");
    const result = await loadRules([cursorLike], { cwd: join(root, "proj"), home: join(root, "home") });
    const names = result.rules.map((r) => r.name);
    expect(names).toContain("security");
    expect(names).toContain("deploy");
    expect(names.filter((n) => n.startsWith("caf"))).toEqual(["caf\u00e9"]);
    expect(result.shadowed.map((s) => s.rule.name).sort()).toEqual(["caf\u00e9", "security"]);
    const codes = result.diagnostics.map((d) => d.code);
    expect(codes).toContain("hidden-character");
    expect(codes).toContain("hidden-character-lone");
    expect(codes.filter((c) => c === "name-twin")).toHaveLength(2);
    expect(codes).toContain("file-name-not-utf8");
  });
});

describe("loadRules and folder names that are not UTF-8 (issue 19 item 20)", () => {
  it("says so for a project folder and a user rule subfolder, instead of losing their rules silently", async () => {
    const root = await tempTree({ "proj/AGENTS.md": "Root.", "home/.cursor/rules/mine.mdc": "Mine." });
    const { mkdirSync: mkdir, writeFileSync } = await import("node:fs");
    const latin = (path: string) => Buffer.concat([Buffer.from(join(root, path)), Buffer.from([0xe9])]);
    mkdir(latin("proj/caf"));
    writeFileSync(Buffer.concat([latin("proj/caf"), Buffer.from("/AGENTS.md")]), "Lost.");
    mkdir(latin("home/.cursor/rules/caf"));
    writeFileSync(Buffer.concat([latin("home/.cursor/rules/caf"), Buffer.from("/x.mdc")]), "Lost too.");
    const result = await loadRules([agentsMd, cursorLike], { cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.name)).toEqual(["AGENTS", "mine"]);
    const notUtf8 = result.diagnostics.filter((d) => d.code === "file-name-not-utf8");
    expect(notUtf8.map((d) => d.path)).toEqual([join(root, "proj/caf\uFFFD"), join(root, "home/.cursor/rules/caf\uFFFD")]);
    expect(notUtf8.every((d) => d.severity === "error" && d.message.includes("not valid UTF-8"))).toBe(true);
  });
});

describe("loadRules and hostile globs", () => {
  it("reports a glob past the bounds at load time, and matching it never stalls", async () => {
    const root = await tempTree({
      "proj/.cursor/rules/huge.mdc": `---\nglobs: "${"a".repeat(2_000)}"\n---\nHuge glob.`,
      "proj/.cursor/rules/stars.mdc": `---\nglobs: "${"*?".repeat(20)}.zz"\n---\nBacktracking glob.`,
      "proj/.cursor/rules/fine.mdc": "---\nglobs: src/**/*.ts\n---\nFine.",
    });
    const result = await loadRules([cursorLike], { cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => r.name)).toEqual(["fine", "huge", "stars"]);
    const invalid = result.diagnostics.filter((d) => d.code === "globs-invalid");
    expect(invalid.map((d) => d.path)).toEqual([join(root, "proj/.cursor/rules/huge.mdc"), join(root, "proj/.cursor/rules/stars.mdc")]);
    expect(invalid.every((d) => d.message.length < 400)).toBe(true);
  });
});

describe("loadRules against malformed sources (issue 19 item 3)", () => {
  it("skips each malformed source a provider declares with a diagnostic, and reads the others", async () => {
    const root = await tempTree({ "proj/AGENTS.md": "Use pnpm.", "proj/.x/rules/a.md": "From x." });
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
      },
    );
    const declared: unknown[] = [
      null,
      5,
      trap,
      { kind: "weird", level: "project" },
      { kind: "pattern", folder: 5, extensions: [".md"], level: "project" },
      { kind: "pattern", folder: ".x/rules", extensions: ".md", level: "project" },
      { kind: "pattern", file: "../../etc/passwd", name: "x", level: "project" },
      { kind: "folder", path: "relative/rules", extensions: [".md"], level: "project" },
      { kind: "file", path: join(root, "proj/AGENTS.md"), name: "", level: "project" },
      { kind: "file", path: join(root, "proj/AGENTS.md"), name: "agents", level: "everywhere" },
      { kind: "pattern", folder: ".x/rules", extensions: [".md"], level: "project" },
    ];
    const messy = defineProvider({ id: "messy", displayName: "Messy", priority: 70, sources: () => declared as never });
    const result = await loadRules([messy, agentsMd], { cwd: join(root, "proj"), home: join(root, "home") });
    expect(result.rules.map((r) => [r.name, r.source.provider])).toEqual([
      ["a", "messy"],
      ["AGENTS", "agents-md"],
    ]);
    const failed = result.diagnostics.filter((d) => d.code === "provider-failed");
    expect(failed).toHaveLength(declared.length - 1);
    expect(failed.map((d) => d.message)).toContain(
      'provider "messy" sources() returned a pattern source whose file "../../etc/passwd" is not a clean relative path; that source is skipped',
    );
    expect(failed.map((d) => d.message)).toContain(
      'provider "messy" sources() returned a source whose fields cannot be read (trap); that source is skipped',
    );
  });
});
