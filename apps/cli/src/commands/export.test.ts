import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, writeTree } from "../../test/helpers.js";

const SOURCE = {
  "proj/.cursor/rules/style.mdc": "---\nalwaysApply: true\n---\nUse pnpm, never npm.\n",
  "proj/.cursor/rules/typescript.mdc": "---\nglobs: **/*.ts\n---\nPrefer unknown to any.\n",
  "proj/.cursor/rules/release.mdc": "---\ndescription: How to cut a release\n---\nFollow RELEASING.md.\n",
  "proj/packages/web/.cursor/rules/react.mdc": "---\nglobs: **/*.tsx\n---\nHooks at the top level only.\n",
};

describe("rulebook export", () => {
  it("writes each target's files, which read back as the same rules, and --check then passes", () => {
    const { proj, args } = writeTree(SOURCE);
    const run = runCli([...args, "export", "--to", "kiro,windsurf"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(readFileSync(join(proj, ".kiro/steering/typescript.md"), "utf8")).toContain('inclusion: fileMatch\nfileMatchPattern: "**/*.ts"\n');
    expect(readFileSync(join(proj, "packages/web/.windsurf/rules/react.md"), "utf8")).toContain("trigger: glob\nglobs: **/*.tsx\n");
    const kiro = JSON.parse(runCli([...args, "inspect", "--json"]).stdout) as { rules: { name: string; source: { provider: string } }[] };
    expect(kiro.rules.map((r) => r.name).sort()).toEqual(["packages/web/react", "release", "style", "typescript"]);
    expect(runCli([...args, "export", "--to", "kiro,windsurf", "--check"]).code).toBe(0);
  });

  it("--dry-run prints a unified diff and writes nothing", () => {
    const { proj, args } = writeTree(SOURCE);
    const run = runCli([...args, "export", "--to", "claude", "--dry-run"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("--- /dev/null\n+++ b/.claude/rules/typescript.md\n");
    expect(run.stdout).toContain('+paths: ["**/*.ts"]\n');
    expect(run.stderr).toContain("warning: release → claude:");
    expect(existsSync(join(proj, ".claude"))).toBe(false);
  });

  it("--check exits 1 on a drifted tree and names the file", () => {
    const { proj, args } = writeTree(SOURCE);
    expect(runCli([...args, "export", "--to", "cursor", "--from", "cursor", "--force"]).code).toBe(0);
    writeFileSync(join(proj, ".cursor/rules/style.mdc"), readFileSync(join(proj, ".cursor/rules/style.mdc"), "utf8").replace("pnpm", "yarn"));
    expect(runCli([...args, "export", "--to", "cursor", "--check"]).code).toBe(0);
    expect(runCli([...args, "export", "--to", "copilot"]).code).toBe(0);
    writeFileSync(join(proj, ".cursor/rules/style.mdc"), readFileSync(join(proj, ".cursor/rules/style.mdc"), "utf8").replace("yarn", "bun"));
    const check = runCli([...args, "export", "--to", "copilot", "--from", "cursor", "--check"]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("differs  .github/instructions/style.instructions.md");
    expect(readFileSync(join(proj, ".github/instructions/style.instructions.md"), "utf8")).toContain("yarn");
  });

  it("a file export wrote for a rule that is gone is stale: --check fails naming it, --dry-run shows it, export deletes it", () => {
    const { proj, args } = writeTree({ ...SOURCE, "proj/.kiro/steering/mine.md": "---\ninclusion: always\n---\nMy own words.\n" });
    expect(runCli([...args, "export", "--to", "kiro", "--from", "cursor"]).code).toBe(0);
    rmSync(join(proj, ".cursor/rules/release.mdc"));

    const check = runCli([...args, "export", "--to", "kiro", "--from", "cursor", "--check"]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("stale  .kiro/steering/release.md\n");
    expect(check.stdout).not.toContain("mine.md");

    const dry = runCli([...args, "export", "--to", "kiro", "--from", "cursor", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("--- a/.kiro/steering/release.md\n+++ /dev/null\n");
    expect(dry.stdout).toContain("-Follow RELEASING.md.\n");
    expect(existsSync(join(proj, ".kiro/steering/release.md"))).toBe(true);

    const json = JSON.parse(runCli([...args, "export", "--to", "kiro", "--from", "cursor", "--check", "--json"]).stdout) as {
      files: { path: string; status: string }[];
    };
    expect(json.files).toContainEqual(expect.objectContaining({ path: ".kiro/steering/release.md", status: "delete", reason: "stale" }));

    const run = runCli([...args, "export", "--to", "kiro", "--from", "cursor"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("deleted  .kiro/steering/release.md\n");
    expect(existsSync(join(proj, ".kiro/steering/release.md"))).toBe(false);
    expect(readFileSync(join(proj, ".kiro/steering/mine.md"), "utf8")).toContain("My own words.");
    expect(runCli([...args, "export", "--to", "kiro", "--from", "cursor", "--check"]).code).toBe(0);
  });

  it("another target's file that a tool also reads is not stale for it (Zed reads AGENTS.md)", () => {
    const { proj, args } = writeTree(SOURCE);
    expect(runCli([...args, "export", "--to", "agents-md", "--from", "cursor"]).code).toBe(0);
    const check = runCli([...args, "export", "--to", "zed", "--from", "cursor", "--check"]);
    expect(check.code).toBe(1);
    expect(check.stdout).toBe("missing  .rules\n");
    expect(runCli([...args, "export", "--to", "zed", "--from", "cursor"]).code).toBe(0);
    expect(existsSync(join(proj, "AGENTS.md"))).toBe(true);
    expect(readFileSync(join(proj, ".rules"), "utf8")).toContain("Use pnpm, never npm.");
  });

  it("never overwrites a file a person wrote, unless --force", () => {
    const { proj, args } = writeTree({ ...SOURCE, "proj/.windsurf/rules/style.md": "My own words.\n" });
    const run = runCli([...args, "export", "--to", "windsurf", "--from", "cursor"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(".windsurf/rules/style.md (written by hand: no export marker)");
    expect(readFileSync(join(proj, ".windsurf/rules/style.md"), "utf8")).toBe("My own words.\n");
    expect(existsSync(join(proj, ".windsurf/rules/typescript.md"))).toBe(false);
    expect(runCli([...args, "export", "--to", "windsurf", "--from", "cursor", "--force"]).code).toBe(0);
    expect(readFileSync(join(proj, ".windsurf/rules/style.md"), "utf8")).toContain("trigger: always_on");
  });

  it("refuses a symbolic link out of the project, and takes over a linked file only with --force", () => {
    const { root, proj, args } = writeTree({ ...SOURCE, "outside/steering/keep.md": "outside\n", "outside/notes.md": "notes\n" });
    symlinkSync(join(root, "outside"), join(proj, ".kiro"));
    const run = runCli([...args, "export", "--to", "kiro"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("symbolic link out of the project");
    expect(existsSync(join(root, "outside/steering/style.md"))).toBe(false);

    mkdirSync(join(proj, ".github/instructions"), { recursive: true });
    symlinkSync(join(root, "outside/notes.md"), join(proj, ".github/instructions/style.instructions.md"));
    const linked = runCli([...args, "export", "--to", "copilot", "--from", "cursor"]);
    expect(linked.code).toBe(1);
    expect(linked.stderr).toContain("style.instructions.md (a symbolic link)");
    expect(runCli([...args, "export", "--to", "copilot", "--from", "cursor", "--force"]).code).toBe(0);
    expect(readFileSync(join(root, "outside/notes.md"), "utf8")).toBe("notes\n");
    expect(readFileSync(join(proj, ".github/instructions/style.instructions.md"), "utf8")).toContain('applyTo: "**"');
  });

  it("--json lists files and losses per rule; an unknown target is a usage error", () => {
    const { args } = writeTree(SOURCE);
    const run = runCli([...args, "export", "--to", "copilot", "--dry-run", "--json"]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      files: { path: string; status: string; diff?: string }[];
      losses: { rule: string; target: string; part: string }[];
    };
    expect(out.files.map((f) => f.path)).toContain(
      "packages/web/react.instructions.md".replace("packages/web/", ".github/instructions/packages/web/"),
    );
    expect(out.files.every((f) => f.status === "create" && f.diff?.startsWith("--- /dev/null"))).toBe(true);
    expect(out.losses).toContainEqual(expect.objectContaining({ rule: "release", target: "copilot", part: "activation" }));
    expect(out.losses).toContainEqual(expect.objectContaining({ rule: "packages/web/react", target: "copilot", part: "scope" }));
    const unknown = runCli([...args, "export", "--to", "nope", "--json"]);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ error: { code: "usage" } });
  });
});
