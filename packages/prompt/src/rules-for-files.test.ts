import { partitionRules } from "@rulebook/core";
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
});
