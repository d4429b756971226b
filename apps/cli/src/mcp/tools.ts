import { type Diagnostic, RuleUrlError, parseRuleUrl, resolveRuleUrl } from "@rulebook/core";
import { type TokenCounter, buildSystemPrompt, rulesForFiles } from "@rulebook/prompt";
import { renderTtsrReminder } from "@rulebook/ttsr";
import { diagnosticJson } from "../display.js";
import { type FileExplanation, type RuleExplanation, explainPathReport, explainRuleReport } from "../explain.js";
import type { Session } from "../session.js";
import { replayStream } from "../stream-replay.js";

/** `rules_for_files`: the prompt built for these files, and per file which rules apply and why. */
export interface RulesForFilesResult {
  prompt: string;
  /** The always-apply rules left out to fit `maxTokens`, each with its `rule://` address. */
  omitted: Array<{ name: string; address: string; scope?: string; tokens: number }>;
  files: Array<{
    file: string;
    projectPath?: string;
    rules: Array<{ name: string; category: string; kind: string; glob?: string; scope?: string; reason: string }>;
  }>;
}

/** The rules part of the system prompt for `files` (relative to `--cwd`), and each file's decisions. */
export function rulesForFilesResult(session: Session, files: readonly string[], countTokens?: TokenCounter, maxTokens?: number): RulesForFilesResult {
  const common = {
    partition: session.partition,
    root: session.root,
    cwd: session.cwd,
    files,
    ...(session.mode !== undefined && { mode: session.mode }),
  };
  const prompt = buildSystemPrompt({ ...common, ...(countTokens && { countTokens }), ...(maxTokens !== undefined && { maxTokens }) });
  const decisions = rulesForFiles(common).files.map((entry) => ({
    file: entry.file,
    ...(entry.projectPath !== undefined && { projectPath: entry.projectPath }),
    rules: entry.rules.map((r) => ({
      name: r.name,
      category: r.category,
      kind: r.kind,
      ...(r.glob !== undefined && { glob: r.glob }),
      ...(r.scope !== undefined && { scope: r.scope }),
      reason: r.reason,
    })),
  }));
  const omitted = prompt.omitted.map(({ name, address, scope, tokens }) => ({ name, address, ...(scope !== undefined && { scope }), tokens }));
  return { prompt: prompt.text, omitted, files: decisions };
}

/**
 * `explain`: for a path (relative to `--cwd`), every rule's decision; for `rule://NAME`,
 * the rule, its category and what it shadows. An unknown rule throws the resolver's error,
 * which names close matches.
 */
export function explainTarget(session: Session, target: string): FileExplanation | RuleExplanation {
  if (!parseRuleUrl(target)) return explainPathReport(session, target);
  const { rule } = resolveRuleUrl(target, session.partition);
  const report = explainRuleReport(session, rule.name);
  if (!report) throw new RuleUrlError(`unknown rule "${rule.name}"`, rule.name, []);
  return report;
}

/** `check_stream`: the stream triggers that fire on a text, where, and the reminders an agent injects. */
export interface CheckStreamResult {
  firings: Array<{ rule: string; offset: number; match: string; reminder: string }>;
  /** Where an agent stops the stream (the earliest match of the first firing) and the text it keeps. */
  stop?: { cut: number; kept: string };
  /** The stream-trigger rules the text was checked against. */
  watched: string[];
  /** Problems with the triggers (patterns refused or dropped). */
  diagnostics: Diagnostic[];
}

// The same delta size as `rulebook ttsr`: the text is checked as a model would stream it.
const CHUNK = 64;

/** Feeds `text` through the project's stream-trigger rules as one streamed answer. */
export function checkStream(session: Session, text: string): CheckStreamResult {
  const replay = replayStream(session.partition.ttsr, text, CHUNK, session.triggers);
  const triggerFiles = new Set(session.partition.ttsr.map((rule) => rule.path));
  // The load's problems with these triggers, then what this replay found (never the same ones:
  // the session's engine reports each compilation's problems once, at the load).
  const shown = session.diagnostics.filter((d) => d.path !== undefined && triggerFiles.has(d.path));
  const diagnostics = [...shown, ...replay.diagnostics].map(diagnosticJson);
  return {
    firings: replay.firings.map((f) => ({ rule: f.rule.name, offset: f.offset, match: f.match, reminder: renderTtsrReminder(f.rule, f.firing) })),
    ...(replay.interruption && { stop: { cut: replay.interruption.cut, kept: replay.interruption.kept } }),
    watched: replay.watched.map((rule) => rule.name),
    diagnostics,
  };
}
