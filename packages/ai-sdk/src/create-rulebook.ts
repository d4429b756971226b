import type { SystemPrompt } from "@rulebook/prompt";
import type { LanguageModelMiddleware, Tool } from "ai";
import { startLiveRules } from "./live-rules.js";
import type { RulebookSession } from "./load-session.js";
import { rulebookMiddleware } from "./middleware.js";
import { type RulebookOptions, resolveOptions } from "./options.js";
import { type ReadRuleInput, createReadRuleTool } from "./read-rule-tool.js";
import { systemPromptFor } from "./system-prompt.js";

/** A project's rules, ready for an AI SDK agent. */
export interface Rulebook {
  /** For `wrapLanguageModel({ model, middleware: rulebook.middleware })`: the rules in the system prompt, and stream triggers with time travel. */
  middleware: LanguageModelMiddleware;
  /** For `streamText({ tools: { ...rulebook.tools } })`: `read_rule` reads `rule://<name>`. */
  tools: { read_rule: Tool<ReadRuleInput, string> };
  /** The rules loaded now: where, the partition, diagnostics (what an untrusted project skipped), trust. */
  current(): RulebookSession;
  /** The rules part of the system prompt the middleware adds for these files (absolute, or relative to `cwd`), besides the `files` option's. */
  systemPrompt(files?: readonly string[]): SystemPrompt;
  /** Loads the rules again (configuration, providers, files); a call that already started keeps the rules it started with. */
  reload(): Promise<RulebookSession>;
  /** Stops watching (with `watch: true`) and releases every watcher; safe to call twice. */
  close(): Promise<void>;
}

/**
 * Loads a project's rules as the `rulebook` CLI does (configuration, providers and trust: an
 * untrusted project runs none of its code) and gives the middleware and tools of an AI SDK agent.
 * Rejects with `@rulebook/config`'s `ConfigError` for a configuration that cannot be used; throws
 * for options that cannot work, naming the option.
 */
export async function createRulebook(options: RulebookOptions): Promise<Rulebook> {
  const resolved = resolveOptions(options);
  const live = await startLiveRules(resolved);
  return {
    middleware: rulebookMiddleware(live, resolved),
    tools: { read_rule: createReadRuleTool(() => live.current().partition) },
    current: () => live.current(),
    systemPrompt: (files = []) => systemPromptFor(live.current(), resolved, [...resolved.files, ...files]),
    reload: () => live.reload(),
    close: () => live.close(),
  };
}
