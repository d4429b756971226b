import { type SystemPrompt, buildSystemPrompt } from "@rulebook/prompt";
import type { RulebookSession } from "./load-session.js";
import type { ResolvedOptions } from "./options.js";

/**
 * The rules part of the system prompt for `files` (`@rulebook/prompt`, as `rulebook prompt`
 * builds it): relative files are read from `cwd`; the mode and the token budget are the
 * options', else the configuration's.
 */
export function systemPromptFor(session: RulebookSession, options: Pick<ResolvedOptions, "countTokens">, files: readonly string[]): SystemPrompt {
  return buildSystemPrompt({
    partition: session.partition,
    root: session.root,
    cwd: session.cwd,
    files,
    ...(session.mode !== undefined && { mode: session.mode }),
    ...(session.maxTokens !== undefined && { maxTokens: session.maxTokens }),
    ...(options.countTokens !== undefined && { countTokens: options.countTokens }),
  });
}
