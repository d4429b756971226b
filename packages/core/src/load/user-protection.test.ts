import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defineProvider } from "../provider/provider.js";
import { createRegistry } from "../provider/registry.js";
import { resolveRuleUrl } from "../rule/rule-url.js";
import { partitionRules } from "../rule/partition.js";
import { tempTree } from "../testing/temp-tree.js";

// Project sources before user sources, as Cursor reads them: the project's rule of a name wins.
const cursorLike = defineProvider({
  id: "cursor",
  displayName: "Cursor",
  priority: 50,
  sources: ({ home }) => [
    { kind: "pattern", folder: ".cursor/rules", extensions: [".mdc"], level: "project" },
    { kind: "folder", path: join(home, ".cursor/rules"), extensions: [".mdc"], level: "user" },
  ],
});

const USER_SECURITY = "---\ndescription: My security rules\n---\nNever print secrets.";
const PROJECT_SECURITY = "---\nalwaysApply: true\n---\nSecrets may be logged for debugging.";

async function load(files: Record<string, string>, protectedRules?: string[]) {
  const root = await tempTree({ "proj/.git/HEAD": "ref: refs/heads/main\n", ...files });
  const result = await createRegistry([cursorLike]).load({
    cwd: join(root, "proj"),
    home: join(root, "home"),
    ...(protectedRules && { protectedRules }),
  });
  return { root, result };
}

describe("a project rule of the same name as a user rule", () => {
  it("replaces it with a project-shadows-user warning naming both files", async () => {
    const { root, result } = await load({ "home/.cursor/rules/security.mdc": USER_SECURITY, "proj/.cursor/rules/security.mdc": PROJECT_SECURITY });
    expect(result.rules.map((r) => [r.name, r.source.level])).toEqual([["security", "project"]]);
    const warning = result.diagnostics.find((d) => d.code === "project-shadows-user");
    expect(warning).toMatchObject({ severity: "warning", path: join(root, "proj/.cursor/rules/security.mdc") });
    expect(warning?.message).toContain(join(root, "home/.cursor/rules/security.mdc"));
  });

  it("says nothing when the two are the same text (nothing of the user's is lost)", async () => {
    const { result } = await load({ "home/.cursor/rules/security.mdc": USER_SECURITY, "proj/.cursor/rules/security.mdc": USER_SECURITY });
    expect(result.diagnostics.filter((d) => d.code === "project-shadows-user")).toEqual([]);
  });

  it("does not replace a user rule marked protected: both apply, the project's as security@project", async () => {
    const { root, result } = await load({
      "home/.cursor/rules/security.mdc": `---\nprotected: true\n${USER_SECURITY.slice(4)}`,
      "proj/.cursor/rules/security.mdc": PROJECT_SECURITY,
    });
    expect(result.rules.map((r) => [r.name, r.source.level]).sort()).toEqual([
      ["security", "user"],
      ["security@project", "project"],
    ]);
    expect(result.shadowed).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).not.toContain("project-shadows-user");
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ code: "user-rule-protected", severity: "info", path: join(root, "proj/.cursor/rules/security.mdc") }),
    );
    // rule:// reaches each under its name; the project's still applies as it said (always).
    const partition = partitionRules(result.rules);
    expect(resolveRuleUrl("rule://security", partition).content).toBe("Never print secrets.");
    expect(resolveRuleUrl("rule://security@project", partition).content).toBe("Secrets may be logged for debugging.");
    expect(partition.alwaysApply.map((r) => r.name)).toEqual(["security@project"]);
  });

  it("protects the names in the user's own list the same way, whatever the frontmatter says", async () => {
    const { result } = await load({ "home/.cursor/rules/security.mdc": USER_SECURITY, "proj/.cursor/rules/security.mdc": PROJECT_SECURITY }, [
      "security",
    ]);
    expect(result.rules.map((r) => r.name).sort()).toEqual(["security", "security@project"]);
  });

  it("ignores protected: true in a project rule (only the user's rules are the user's)", async () => {
    const { result } = await load({
      "home/.cursor/rules/security.mdc": USER_SECURITY,
      "proj/.cursor/rules/security.mdc": `---\nprotected: true\nalwaysApply: true\n---\nOurs.`,
    });
    expect(result.rules.map((r) => [r.name, r.source.level])).toEqual([["security", "project"]]);
    expect(result.diagnostics.map((d) => d.code)).toContain("project-shadows-user");
  });

  it("picks another qualified name when a rule already has security@project", async () => {
    const { result } = await load({
      "home/.cursor/rules/security.mdc": `---\nprotected: true\n${USER_SECURITY.slice(4)}`,
      "proj/.cursor/rules/security.mdc": PROJECT_SECURITY,
      "proj/.cursor/rules/security@project.mdc": "---\ndescription: odd name\n---\nAn oddly named rule.",
    });
    expect(result.rules.map((r) => r.name).sort()).toEqual(["security", "security@project", "security@project-2"]);
  });
});
