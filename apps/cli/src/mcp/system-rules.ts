import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { type TokenCounter, buildSystemPrompt } from "@rulebook/prompt";
import type { Session } from "../session.js";
import { maxTokensArgument } from "./max-tokens-argument.js";
import { z } from "./sdk.js";

/**
 * Registers the `system-rules` prompt: the rules part of the system prompt, as
 * `rulebook prompt` prints it. MCP prompt arguments are strings, so `files` is a list
 * separated by commas or new lines and `maxTokens` a whole number written out.
 */
export function systemRulesPrompt(server: McpServer, options: { session(): Session; countTokens(): Promise<TokenCounter> }): void {
  server.registerPrompt(
    "system-rules",
    {
      title: "System rules",
      description:
        "The rules part of the system prompt: always-apply rules, the rulebook, and the rules the files in play attach; " +
        "with maxTokens, always-apply rules that do not fit are left out and named.",
      argsSchema: {
        files: z
          .string({ error: "files must be text: paths separated by commas or new lines" })
          .optional()
          .describe("files in play, separated by commas or new lines, relative to the project folder"),
        mode: z.string({ error: "mode must be text, the agent mode (e.g. code)" }).min(1, "mode is empty").optional().describe("the agent mode"),
        maxTokens: maxTokensArgument().optional().describe("a token budget for the whole text, e.g. 8000"),
      },
    },
    async ({ files, mode, maxTokens }) => {
      const session = options.session();
      const chosenMode = mode ?? session.mode;
      const budget = maxTokens ?? session.maxTokens;
      const prompt = buildSystemPrompt({
        partition: session.partition,
        root: session.root,
        cwd: session.cwd,
        files: splitList(files),
        ...(chosenMode !== undefined && { mode: chosenMode }),
        ...(budget !== undefined && { maxTokens: budget }),
        countTokens: await options.countTokens(),
      });
      const omitted = prompt.omitted.map((o) => o.name);
      return {
        description: `${prompt.included.length} rules, ${prompt.tokens} tokens${omitted.length > 0 ? `; left out for the budget: ${omitted.join(", ")}` : ""}`,
        messages: [{ role: "user", content: { type: "text", text: prompt.text } }],
      };
    },
  );
}

function splitList(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== "");
}
