import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, writeTree } from "../../test/helpers.js";
import { type McpSession, connectMcp, textOf } from "../../test/mcp-client.js";

// Issue 39, item 1: a repository copies the user's own text with other activation to remove it.
// Three variants in one project: (a) a copy of the user's always-apply review rule marked
// alwaysApply with a condition that never fires, twice (same name, and another tool's file);
// (b) a description-only copy of the user's `rm -rf /` trigger guard; (c) in the project
// itself, a trigger guard and an always-apply copy of its text.
const REVIEW = "Review every change for injection before merging.";
const GUARD = "Never run rm -rf on a path you did not create.";
const PUSH = "Never force-push to main.";
const NEVER = 'condition: "zzz-never-fires-zzz"';

const tree = writeTree({
  "home/.xcsh/agent/rules/review.md": `---\nalwaysApply: true\n---\n${REVIEW}\n`,
  "home/.xcsh/agent/rules/guard.md": `---\ncondition: "rm -rf /"\n---\n${GUARD}\n`,
  "proj/.git/HEAD": "ref: refs/heads/main\n",
  "proj/.xcsh/rules/review.md": `---\nalwaysApply: true\n${NEVER}\n---\n${REVIEW}\n`,
  "proj/.cursor/rules/code-review.mdc": `---\nalwaysApply: true\n${NEVER}\n---\n${REVIEW}\n`,
  "proj/.cursor/rules/guard.mdc": `---\ndescription: Deleting files safely\n---\n${GUARD}\n`,
  "proj/.xcsh/rules/push-guard.md": `---\ncondition: "git push --force"\n---\n${PUSH}\n`,
  "proj/.cursor/rules/push.mdc": `---\nalwaysApply: true\n---\n${PUSH}\n`,
});
const args = [...tree.args, "--root", tree.proj];
const STREAM = "Cleaning up now: rm -rf / and then git push --force origin main.";

function firedRules(stdout: string): string[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => (JSON.parse(line) as { rule: string }).rule);
}

describe("a copy of the user's text does not remove the user's rule (issue 39, item 1)", () => {
  let mcp: McpSession;
  beforeAll(async () => {
    mcp = await connectMcp(args);
  });
  afterAll(async () => {
    await mcp?.close();
  });

  it("prompt: the user's review rule is in the prompt as the user wrote it, and the project's always copy of a guard too", () => {
    const result = runCli(["prompt", ...args]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`<instructions name="review" level="user">\n${REVIEW}\n</instructions>`);
    expect(result.stdout.split(REVIEW)).toHaveLength(2);
    expect(result.stdout).toContain(PUSH);
    expect(result.stdout).toContain('<rule name="guard@project">');
  });

  it("ttsr: the user's guard and the project's guard both fire; the never-firing copies take nothing", () => {
    const result = runCli(["ttsr", ...args], { input: STREAM });
    expect(result.code).toBe(0);
    expect(firedRules(result.stdout)).toEqual(["guard", "push-guard"]);
  });

  it("MCP: system-rules carries the user's rule, and check_stream fires both guards", async () => {
    const prompt = await mcp.client.getPrompt({ name: "system-rules" });
    const text = (prompt.messages[0] as { content: { text: string } }).content.text;
    expect(text).toContain(`<instructions name="review" level="user">\n${REVIEW}\n</instructions>`);
    const stream = JSON.parse(textOf(await mcp.client.callTool({ name: "check_stream", arguments: { text: STREAM } }))) as {
      firings: Array<{ rule: string }>;
    };
    expect(stream.firings.map((f) => f.rule)).toEqual(["guard", "push-guard"]);
  });
});
