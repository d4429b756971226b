import type { LanguageModelV3, LanguageModelV3CallOptions } from "@ai-sdk/provider";
import type { LanguageModelMiddleware } from "ai";
import { filesInPlay } from "./files-in-play.js";
import type { LiveRules } from "./live-rules.js";
import type { RulebookSession } from "./load-session.js";
import type { ResolvedOptions } from "./options.js";
import { CallReport } from "./rewind-report.js";
import { systemPromptFor } from "./system-prompt.js";
import { withRulesMessage } from "./system-messages.js";
import { timeTravelGenerate } from "./time-travel-generate.js";
import { type TriggerCall, timeTravelStream } from "./time-travel-stream.js";

/**
 * The language-model middleware of a rulebook: `transformParams` puts the rules part of the
 * system prompt into the call (once, replacing its own message from an earlier step) with the
 * auto-attach rules of the files in play; `wrapStream` and `wrapGenerate` run the stream
 * triggers with time travel. Each call uses the rules that were current when it started.
 */
export function rulebookMiddleware(live: LiveRules, options: ResolvedOptions): LanguageModelMiddleware {
  // The session a call's prompt was built with, for its triggers: keyed by the params object
  // transformParams returns, which the SDK passes on to wrapStream / wrapGenerate as it is.
  const sessions = new WeakMap<LanguageModelV3CallOptions, RulebookSession>();
  return {
    specificationVersion: "v3",
    async transformParams({ params }) {
      const session = live.current();
      const files = filesInPlay(params.prompt, options.files, params.providerOptions);
      const { text } = systemPromptFor(session, options, files);
      const transformed = { ...params, prompt: withRulesMessage(params.prompt, text) };
      sessions.set(transformed, session);
      return transformed;
    },
    async wrapStream({ doStream, params, model }) {
      const call = triggerCall(sessions.get(params) ?? live.current(), options, params, model);
      if (!call) return doStream();
      const first = await doStream();
      return { ...first, stream: timeTravelStream(call, first.stream) };
    },
    async wrapGenerate({ doGenerate, params, model }) {
      const call = triggerCall(sessions.get(params) ?? live.current(), options, params, model);
      if (!call) return doGenerate();
      return timeTravelGenerate(call, await doGenerate());
    },
  };
}

/** One trigger manager for the call, watching the session's stream-trigger rules; none when there are none. */
function triggerCall(
  session: RulebookSession,
  options: ResolvedOptions,
  params: LanguageModelV3CallOptions,
  model: LanguageModelV3,
): TriggerCall | undefined {
  const rules = session.partition.ttsr;
  if (rules.length === 0) return undefined;
  // Every attempt may see every rule fire once; whether a firing may rewind is the call's
  // report's decision, under the caller's repeat policy, so a firing is reported even when not acted on.
  const manager = session.triggers.createManager({ repeat: { policy: "after-gap", turns: 1 } });
  for (const rule of rules) manager.addRule(rule);
  return { params, model, manager, report: new CallReport(options.maxRewinds, options.repeat, options.onFiring), holdback: options.holdback };
}
