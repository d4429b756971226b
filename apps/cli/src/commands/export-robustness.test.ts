import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, writeTree } from "../../test/helpers.js";
import { runInProcess } from "../../test/memory-io.js";

const CURSOR = {
  "proj/.cursor/rules/style.mdc": "---\nalwaysApply: true\n---\nUse pnpm, never npm.\n",
  "proj/.cursor/rules/typescript.mdc": "---\nglobs: **/*.ts\n---\nPrefer unknown to any.\n",
};

describe("export never reads its own output", () => {
  it("a single-file target stays the same size run after run, and --check passes right after an export", async () => {
    const { proj, args } = writeTree(CURSOR);
    for (const target of ["agents-md", "gemini", "crush", "goose", "junie", "zed"]) {
      expect((await runInProcess([...args, "export", "--to", target])).code).toBe(0);
    }
    const sizes = () =>
      ["AGENTS.md", "GEMINI.md", "CRUSH.md", ".goosehints", ".junie/guidelines.md", ".rules"].map((f) => readFileSync(join(proj, f)).length);
    const before = sizes();
    for (let run = 0; run < 3; run++) {
      const again = await runInProcess([...args, "export", "--to", "agents-md,gemini,crush,goose,junie,zed", "--json"]);
      expect((JSON.parse(again.stdout) as { files: { status: string }[] }).files.every((f) => f.status === "unchanged")).toBe(true);
    }
    expect(sizes()).toEqual(before);
    expect((await runInProcess([...args, "export", "--to", "agents-md,gemini,crush,goose,junie,zed", "--check"])).code).toBe(0);
    const agents = readFileSync(join(proj, "AGENTS.md"), "utf8");
    expect(agents.split("\n")[0]).toBe(
      "<!-- written by rulebook export from .cursor/rules/style.mdc, .cursor/rules/typescript.mdc; edit the source and export again -->",
    );
    expect(agents.match(/## style/g)).toHaveLength(1);
  });

  it("an edited source is seen by --check for a target that outranks it, and an edited copy never becomes the source", async () => {
    const { proj, args } = writeTree(CURSOR);
    expect((await runInProcess([...args, "export", "--to", "native"])).code).toBe(0);
    writeFileSync(join(proj, ".cursor/rules/style.mdc"), "---\nalwaysApply: true\n---\nUse bun.\n");
    const check = await runInProcess([...args, "export", "--to", "native", "--check"]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("differs  .xcsh/rules/style.md");
    const inspect = JSON.parse((await runInProcess([...args, "inspect", "--json"])).stdout) as {
      rules: { name: string; path: string }[];
      diagnostics: { code: string }[];
    };
    expect(inspect.rules.find((r) => r.name === "style")?.path).toBe(join(proj, ".cursor/rules/style.mdc"));
    expect(inspect.diagnostics.filter((d) => d.code === "export-copy")).toHaveLength(2);
  });

  it("leaves a rule the target already reads where it is: CLAUDE.md exported to claude writes nothing for it", async () => {
    const { proj, args } = writeTree({ ...CURSOR, "proj/CLAUDE.md": "Run the tests before you push.\n" });
    const run = JSON.parse((await runInProcess([...args, "export", "--to", "claude", "--json"])).stdout) as {
      files: { path: string }[];
      inPlace: unknown[];
    };
    expect(run.files.map((f) => f.path).sort()).toEqual([".claude/rules/style.md", ".claude/rules/typescript.md"]);
    expect(run.inPlace).toEqual([{ rule: "CLAUDE", target: "claude" }]);
    expect(existsSync(join(proj, ".claude/rules/CLAUDE.md"))).toBe(false);
  });
});

describe("export refuses bad targets and trees before writing anything", () => {
  it("an empty, repeated or unknown --to is a usage error (exit 2)", async () => {
    const { args } = writeTree(CURSOR);
    for (const [to, message] of [
      ["", "--to: no target given"],
      ["cursor,", '--to: an empty target in "cursor,"'],
      ["kiro,kiro", "--to: kiro is given twice"],
      ["nope", '--to: no provider "nope"'],
    ]) {
      const run = await runInProcess([...args, "export", "--to", to as string]);
      expect(run.code, to).toBe(2);
      expect(run.stderr).toContain(message as string);
    }
  });

  it("a dangling .cursor link, a dangling .cursor/rules link, or .cursor as a file names the path, no stack trace, and nothing is written", () => {
    for (const shape of ["dangling .cursor", "dangling rules", "file"] as const) {
      const { proj, args } = writeTree({ "proj/AGENTS.md": "Use pnpm.\n" });
      if (shape === "dangling .cursor") symlinkSync(join(proj, "missing"), join(proj, ".cursor"));
      if (shape === "dangling rules") {
        mkdirSync(join(proj, ".cursor"));
        symlinkSync(join(proj, "missing"), join(proj, ".cursor/rules"));
      }
      if (shape === "file") writeFileSync(join(proj, ".cursor"), "not a folder\n");
      const run = runCli([...args, "export", "--to", "kiro,cursor"]);
      expect(run.code, shape).toBe(1);
      expect(run.stderr).toMatch(
        shape === "file"
          ? /\.cursor is a file where export must write the folder \.cursor\//
          : shape === "dangling rules"
            ? /\.cursor\/rules is a dangling symbolic link/
            : /\.cursor is a dangling symbolic link/,
      );
      expect(run.stderr).not.toContain("    at ");
      expect(existsSync(join(proj, ".kiro"))).toBe(false);
    }
  });

  it("moves a legacy .clinerules file into the folder export writes, only with --force, keeping its text as the same rule", async () => {
    const legacy = "# Cline rules\n\n- Ask before running migrations.\n";
    const { proj, args } = writeTree({ ...CURSOR, "proj/.clinerules": legacy });
    const refused = await runInProcess([...args, "export", "--to", "cline"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(".clinerules (a person's file where export writes a folder; --force moves its text into it)");
    expect(readFileSync(join(proj, ".clinerules"), "utf8")).toBe(legacy);
    const run = await runInProcess([...args, "export", "--to", "cline", "--force"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("deleted  .clinerules  (moved to .clinerules/clinerules.md)\n");
    expect(readFileSync(join(proj, ".clinerules/clinerules.md"), "utf8")).toBe(legacy);
    expect(existsSync(join(proj, ".clinerules/style.md"))).toBe(true);
    expect((await runInProcess([...args, "export", "--to", "cline", "--check"])).code).toBe(0);
    const names = JSON.parse((await runInProcess([...args, "inspect", "--json"])).stdout) as { rules: { name: string }[] };
    expect(names.rules.map((r) => r.name)).toContain("clinerules");
  });

  it("--check compares bytes: a file that decodes to the same text but differs in bytes is drift", async () => {
    const { proj, args } = writeTree({ "proj/.cursor/rules/odd.mdc": "---\nalwaysApply: true\n---\nA replacement character: \ufffd.\n" });
    expect((await runInProcess([...args, "export", "--to", "windsurf"])).code).toBe(0);
    const path = join(proj, ".windsurf/rules/odd.md");
    const bytes = readFileSync(path);
    const at = bytes.indexOf(Buffer.from("\ufffd"));
    writeFileSync(path, Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at + 3)]));
    expect(readFileSync(path, "utf8")).toBe(bytes.toString("utf8"));
    const check = await runInProcess([...args, "export", "--to", "windsurf", "--check"]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("differs  .windsurf/rules/odd.md");
  });
});
