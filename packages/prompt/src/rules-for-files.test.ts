import { type Rule, partitionRules } from "@rulebook/core";
import { describe, expect, it } from "vitest";
import { monorepo, rule } from "../test/rules.js";
import { rulesForFiles } from "./rules-for-files.js";

const all = [...monorepo.alwaysApply, ...monorepo.rulebook, ...monorepo.autoAttach, ...monorepo.inactive];
const partition = partitionRules(all);

describe("rulesForFiles", () => {
  it("says, per file, which rules are in effect and why: always, folder broad to specific, glob, listed", () => {
    const { files } = rulesForFiles({ partition, root: "/repo", files: ["packages/api/src/db/schema.ts"] });
    expect(files[0]?.projectPath).toBe("packages/api/src/db/schema.ts");
    expect(files[0]?.rules.map((r) => [r.name, r.kind, r.scope ?? null, r.glob ?? null])).toEqual([
      ["AGENTS", "always", null, null],
      ["packages/api/AGENTS", "scope", "packages/api", null],
      ["packages/api/src/db/AGENTS", "scope", "packages/api/src/db", null],
      ["api-errors", "glob", null, "packages/api/src/**"],
    ]);
    expect(files[0]?.rules[1]?.reason).toBe("always applied inside packages/api/, which contains the file");
  });

  it("matches globs of a scoped rule relative to its folder and lists a scoped rulebook rule inside it", () => {
    const withListed = partitionRules([...all, rule("packages/web/style", { description: "Style", scope: "packages/web" })]);
    const { files } = rulesForFiles({ partition: withListed, root: "/repo", cwd: "/repo/packages/web", files: ["src/App.tsx", "src/a.css"] });
    expect(files.map((f) => f.rules.map((r) => `${r.name}:${r.kind}`))).toEqual([
      ["AGENTS:always", "packages/web/AGENTS:scope", "packages/web/react:glob", "packages/web/style:listed"],
      ["AGENTS:always", "packages/web/AGENTS:scope", "css:glob", "packages/web/style:listed"],
    ]);
  });

  it("gives the union once per rule with the first file that brought it in", () => {
    const { union } = rulesForFiles({ partition, root: "/repo", files: ["packages/web/src/App.tsx", "packages/api/src/handlers/a.ts"] });
    expect(union.map((r) => [r.name, r.file])).toEqual([
      ["AGENTS", "packages/web/src/App.tsx"],
      ["packages/web/AGENTS", "packages/web/src/App.tsx"],
      ["packages/api/AGENTS", "packages/api/src/handlers/a.ts"],
      ["packages/web/react", "packages/web/src/App.tsx"],
      ["api-errors", "packages/api/src/handlers/a.ts"],
      ["packages/api/handlers", "packages/api/src/handlers/a.ts"],
    ]);
  });

  it("keeps only project-wide always-apply rules for a file outside the root", () => {
    const { files } = rulesForFiles({ partition, root: "/repo", files: ["/elsewhere/packages/api/x.ts"] });
    expect(files[0]?.projectPath).toBeUndefined();
    expect(files[0]?.rules.map((r) => r.name)).toEqual(["AGENTS"]);
  });

  it("leaves out rules limited to other modes", () => {
    const moded = partitionRules([rule("architect", { alwaysApply: true, modes: ["architect"] })]);
    expect(rulesForFiles({ partition: moded, root: "/repo", files: ["a.ts"] }).union).toEqual([]);
    // The partition decides modes; the mode passed here also filters a partition made for every mode.
    const forArchitect = partitionRules([rule("architect", { alwaysApply: true, modes: ["architect"] })], { mode: "architect" });
    expect(rulesForFiles({ partition: forArchitect, root: "/repo", files: ["a.ts"], mode: "architect" }).union).toHaveLength(1);
    expect(rulesForFiles({ partition: forArchitect, root: "/repo", files: ["a.ts"], mode: "code" }).union).toEqual([]);
  });

  it("answers for a file when a rule's glob is 70,000 characters long (issue 19 item 2)", () => {
    const huge = partitionRules([rule("huge", { globs: ["a".repeat(70_000)] }), rule("ts", { globs: ["**/*.ts"] })]);
    const { files } = rulesForFiles({ partition: huge, root: "/repo", files: ["src/a.ts"] });
    expect(files[0]?.rules.map((r) => r.name)).toEqual(["ts"]);
  });

  it("orders folder rules broad to specific whatever the partition's order", () => {
    const [root, web, api, db] = monorepo.alwaysApply as [Rule, Rule, Rule, Rule];
    const reversed = partitionRules([db, web, api, root, ...monorepo.rulebook]);
    const { files, union } = rulesForFiles({
      partition: reversed,
      root: "/repo",
      files: ["packages/api/src/db/schema.ts", "packages/web/src/App.tsx"],
    });
    expect(files[0]?.rules.map((r) => r.name)).toEqual(["AGENTS", "packages/api/AGENTS", "packages/api/src/db/AGENTS", "api-errors"]);
    // Folders of one depth keep the order the files brought them in.
    expect(union.map((r) => r.name)).toEqual([
      "AGENTS",
      "packages/api/AGENTS",
      "packages/web/AGENTS",
      "packages/api/src/db/AGENTS",
      "api-errors",
      "packages/web/react",
    ]);
  });

  it("gives a glob, a folder and a project path only where there is one", () => {
    const withExclusion = partitionRules([...all, rule("not-tests", { globs: ["!**/*.test.ts"] })]);
    const { files } = rulesForFiles({ partition: withExclusion, root: "/repo", files: ["packages/api/src/handlers/a.ts", "/elsewhere/a.ts"] });
    expect(files.map(({ rules, ...file }) => ({ ...file, rules: rules.map(({ rule: _, ...r }) => r) }))).toStrictEqual([
      {
        file: "packages/api/src/handlers/a.ts",
        projectPath: "packages/api/src/handlers/a.ts",
        rules: [
          { name: "AGENTS", category: "always-apply", kind: "always", reason: "always applied" },
          {
            name: "packages/api/AGENTS",
            category: "always-apply",
            kind: "scope",
            scope: "packages/api",
            reason: "always applied inside packages/api/, which contains the file",
          },
          { name: "api-errors", category: "auto-attach", kind: "glob", glob: "packages/api/src/**", reason: "attached: matches packages/api/src/**" },
          {
            name: "packages/api/handlers",
            category: "auto-attach",
            kind: "glob",
            glob: "src/handlers/**",
            scope: "packages/api",
            reason: "attached: matches src/handlers/**",
          },
          { name: "not-tests", category: "auto-attach", kind: "glob", reason: "attached: only exclusions, none of which match" },
        ],
      },
      { file: "/elsewhere/a.ts", rules: [{ name: "AGENTS", category: "always-apply", kind: "always", reason: "always applied" }] },
    ]);
  });
});
