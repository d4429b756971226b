import type { TokenCounter } from "@rulebook/prompt";
import { maxTokensArgument } from "./max-tokens-argument.js";
import type { Session } from "../session.js";
import { serveRuleResources } from "./rule-resources.js";
import { McpServer, z } from "./sdk.js";
import { systemRulesPrompt } from "./system-rules.js";
import { checkStream, explainTarget, rulesForFilesResult } from "./tools.js";

/** What the server needs from the app: the current session, and the app's token counter. */
export interface RulesServerOptions {
  /** The session to answer from; throws the reason when the project could not be loaded, and each request answers with it. */
  session(): Session;
  countTokens(): Promise<TokenCounter>;
  version: string;
}

// Bounds on what one call may ask for: the server answers many agents' calls, each cheaply.
const MAX_FILES = 1000;
const MAX_STREAM = 1024 * 1024;

const INSTRUCTIONS =
  "This server serves the coding rules of one project, read from every agent format it carries (Cursor, Windsurf, Cline, AGENTS.md…). " +
  "Read rule://<name> resources for a rule's full text; call rules_for_files before editing files to get the rules that apply to them; " +
  "call check_stream on a draft answer to see which stream-trigger rules it sets off.";

/** The MCP server of `rulebook mcp`: rule resources, three tools and the `system-rules` prompt. */
export function createRulesServer(options: RulesServerOptions): McpServer {
  // `logging`: reload and start-up failures reach the client as `notifications/message` (client-log.ts).
  const server = new McpServer({ name: "rulebook", version: options.version }, { instructions: INSTRUCTIONS, capabilities: { logging: {} } });
  serveRuleResources(server, options.session);

  server.registerTool(
    "rules_for_files",
    {
      title: "Rules for files",
      description:
        "The rules part of the system prompt for working on these files (always-apply rules, the rulebook, and the rules their paths attach), " +
        "then, per file, which rules apply and why. Paths are relative to the project folder the server runs in, or absolute.",
      inputSchema: z.strictObject({
        files: z
          .array(z.string({ error: "each entry of files must be a path (a string)" }).min(1, "a path in files is empty"), {
            error: 'files must be a list of paths, e.g. ["src/app.ts"]',
          })
          .min(1, "files must name at least one file")
          .max(MAX_FILES, `files may name at most ${MAX_FILES} paths per call`),
        maxTokens: maxTokensArgument().optional().describe("a token budget for the prompt text, as `rulebook prompt --max-tokens`"),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ files, maxTokens }) => {
      const session = options.session();
      const budget = maxTokens ?? session.maxTokens;
      const result = rulesForFilesResult(session, files, await options.countTokens(), budget);
      return {
        content: [
          { type: "text", text: result.prompt === "" ? "(no rule belongs in the prompt for these files)" : result.prompt },
          { type: "text", text: JSON.stringify({ ...(result.omitted.length > 0 && { omitted: result.omitted }), files: result.files }, null, 2) },
        ],
      };
    },
  );

  server.registerTool(
    "explain",
    {
      title: "Explain",
      description:
        "For a file path: every rule's decision for it (applies or not, and why). For rule://NAME: the rule's category, source, fields, and what it shadows.",
      inputSchema: z.strictObject({
        target: z
          .string({ error: "target must be a file path or rule://NAME (a string)" })
          .min(1, "target is empty: give a file path or rule://NAME"),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ target }) => ({ content: [{ type: "text", text: JSON.stringify(explainTarget(options.session(), target), null, 2) }] }),
  );

  server.registerTool(
    "check_stream",
    {
      title: "Check a stream",
      description:
        "Runs a text through the project's stream-trigger (ttsr) rules as if a model streamed it: which rules fire, at which offsets, " +
        "where an agent would stop the stream, and the reminder it would inject.",
      inputSchema: z.strictObject({
        text: z
          .string({ error: "text must be the model output to check (a string)" })
          .max(MAX_STREAM, `text may be at most ${MAX_STREAM} characters`),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ text }) => ({ content: [{ type: "text", text: JSON.stringify(checkStream(options.session(), text), null, 2) }] }),
  );

  systemRulesPrompt(server, options);
  return server;
}
