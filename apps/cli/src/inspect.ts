import {
  type CategorizedRule,
  type Diagnostic,
  type DuplicateRule,
  type ProviderInfo,
  type Rule,
  type RuleCategory,
  type RuleLevel,
  type ShadowedRule,
  projectPathLabel,
} from "@rulebook/core";
import { diagnosticJson, displayPath, plural, printable, shortPaths, writeDiagnostics } from "./display.js";
import type { Io } from "./runtime/io.js";
import type { Session } from "./session.js";
import { type CountTokens, loadTokenCounter } from "./tokens.js";

/** One winning rule in `inspect --json` (docs/behaviour.md#the-command-line-app). */
export interface RuleReport {
  name: string;
  path: string;
  provider: string;
  level: RuleLevel;
  category: RuleCategory;
  reason: string;
  description?: string;
  globs?: string[];
  alwaysApply?: true;
  condition?: string[];
  /** A user rule no project rule may replace (docs/behaviour.md#trust). */
  protected?: true;
  contentBytes: number;
  scope?: string;
  modes?: string[];
  /** The content's size in tokens (o200k), when counted. */
  tokens?: number;
  /** Other providers that read the same file (Zed's fallback `AGENTS.md`): still one rule (docs/behaviour.md#precedence). */
  alsoReadBy?: string[];
}

/** One shadowed rule in `inspect --json`. */
export interface ShadowedReport {
  name: string;
  path: string;
  provider: string;
  level: RuleLevel;
  shadowedBy: { provider: string; path: string };
}

/** One rule whose content repeats a higher-precedence rule's (docs/behaviour.md#providers) in `inspect --json`. */
export interface DuplicateReport {
  name: string;
  path: string;
  provider: string;
  level: RuleLevel;
  /** The duplicate's own metadata, kept readable although its text is used once (as `duplicateOf`). */
  description?: string;
  globs?: string[];
  alwaysApply?: true;
  scope?: string;
  modes?: string[];
  duplicateOf: { name: string; provider: string; path: string };
}

/** The whole `inspect --json` document (docs/behaviour.md#the-command-line-app). */
export interface InspectReport {
  cwd: string;
  root: string;
  home: string;
  /** `userOnly`: the project's configuration did not list it, so it reads only the user's rules. */
  providers: Array<ProviderInfo & { userOnly?: true }>;
  rules: RuleReport[];
  shadowed: ShadowedReport[];
  duplicates: DuplicateReport[];
  diagnostics: Diagnostic[];
}

/** The JSON entry of a categorised rule, optional fields omitted when absent. */
export function ruleReport({ rule, category, reason }: CategorizedRule, countTokens?: CountTokens): RuleReport {
  // Assigned in the order the JSON shows them (no spread of a temporary object per field).
  const report: RuleReport = {
    name: rule.name,
    path: rule.path,
    provider: rule.source.provider,
    level: rule.source.level,
    category,
    reason,
  } as RuleReport;
  if (rule.description !== undefined) report.description = rule.description;
  if (rule.globs !== undefined) report.globs = rule.globs;
  if (rule.alwaysApply === true) report.alwaysApply = true;
  if (rule.condition !== undefined) report.condition = rule.condition;
  if (rule.protected === true && rule.source.level === "user") report.protected = true;
  report.contentBytes = Buffer.byteLength(rule.content, "utf8");
  if (rule.scope !== undefined) report.scope = rule.scope;
  if (rule.modes !== undefined) report.modes = [...rule.modes];
  if (countTokens) report.tokens = countTokens(rule.content);
  return report;
}

/** The JSON entry of a shadowed rule. */
export function shadowedReport({ rule, shadowedBy }: ShadowedRule): ShadowedReport {
  return {
    name: rule.name,
    path: rule.path,
    provider: rule.source.provider,
    level: rule.source.level,
    shadowedBy: { provider: shadowedBy.source.provider, path: shadowedBy.path },
  };
}

/** The JSON entry of a content duplicate. */
export function duplicateReport({ rule, duplicateOf }: DuplicateRule): DuplicateReport {
  return {
    name: rule.name,
    path: rule.path,
    provider: rule.source.provider,
    level: rule.source.level,
    ...(rule.description !== undefined && { description: rule.description }),
    ...(rule.globs !== undefined && { globs: rule.globs }),
    ...(rule.alwaysApply === true && { alwaysApply: true as const }),
    ...(rule.scope !== undefined && { scope: rule.scope }),
    ...(rule.modes !== undefined && { modes: [...rule.modes] }),
    duplicateOf: { name: duplicateOf.name, provider: duplicateOf.source.provider, path: duplicateOf.path },
  };
}

/** The load's content duplicates (docs/behaviour.md#providers). */
export function duplicatesOf(session: Session): readonly DuplicateRule[] {
  return session.load.duplicates;
}

/** The providers that read each file after the provider whose rule it is, by path. */
export function readersOf(session: Session): ReadonlyMap<string, string[]> {
  const readers = new Map<string, string[]>();
  for (const { rule, firstReading } of session.load.readTwice) {
    const list = readers.get(firstReading.path);
    if (list) list.push(rule.source.provider);
    else readers.set(firstReading.path, [rule.source.provider]);
  }
  return readers;
}

function withReaders(report: RuleReport, readers: ReadonlyMap<string, string[]>): RuleReport {
  const also = readers.get(report.path);
  if (also !== undefined) report.alsoReadBy = [...also];
  return report;
}

/** Builds the `inspect --json` document from a session. */
export function inspectReport(session: Session, countTokens?: CountTokens): InspectReport {
  const readers = readersOf(session);
  return {
    cwd: session.cwd,
    root: session.root,
    home: session.home,
    providers: session.load.providers.map(({ id, displayName, priority }) => ({
      id,
      displayName,
      priority,
      // Left out of the project's configuration: it reads only the user's rules under home.
      ...(session.host.origins.get(id)?.userOnly === true && { userOnly: true as const }),
    })),
    rules: session.partition.all.map((entry) => withReaders(ruleReport(entry, countTokens), readers)),
    shadowed: session.load.shadowed.map(shadowedReport),
    duplicates: duplicatesOf(session).map(duplicateReport),
    diagnostics: session.diagnostics.map(diagnosticJson),
  };
}

// The sections of the human summary, in order; rules of other modes are one line after them.
const SECTIONS: ReadonlyArray<readonly [RuleGroup, string]> = [
  ["always-apply", "Always applied (content in the system prompt)"],
  ["rulebook", "Rulebook (listed in the prompt, read on demand via rule://)"],
  ["auto-attach", "Auto-attached (content added when a matching file is in play)"],
  ["ttsr", "Stream triggers (injected when the model's output matches)"],
  ["manual", "Manual (used when a person names them, e.g. @rule in Cursor; read via rule://)"],
  ["inactive", "Inactive (never used)"],
];

/** How human output groups a rule: its category, with inactive rules split into manual ones and those of other modes. */
export type RuleGroup = RuleCategory | "manual" | "other-mode";

/** The group a categorised rule is shown in (docs/behaviour.md#categories). */
export function ruleGroup({ category, why }: CategorizedRule): RuleGroup {
  if (category !== "inactive") return category;
  return why.code === "manual" ? "manual" : why.code === "other-mode" ? "other-mode" : "inactive";
}

/**
 * The rules limited to modes the session is not in, once: `38 rules for other modes: code 1,
 * debug 1, translate 5 …`, so a Roo repository's mode folders take one line, not two per rule.
 */
export function otherModesLine(entries: readonly CategorizedRule[], mode: string | undefined): string | undefined {
  const counts = new Map<string, number>();
  for (const { rule } of entries) for (const m of rule.modes ?? []) counts.set(m, (counts.get(m) ?? 0) + 1);
  if (counts.size === 0) return undefined;
  const modes = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([m, n]) => `${printable(m)} ${n}`);
  const chosen = mode === undefined ? "no mode chosen" : `mode is ${printable(mode)}`;
  return `${plural(entries.length, "rule")} for other modes (${chosen}; --mode NAME or the configuration's mode selects one): ${modes.join(", ")}`;
}

/** `provider/level path`, the way human output names a rule file. */
export function ruleOrigin(rule: Rule, session: Session): string {
  return `${rule.source.provider}/${rule.source.level} ${displayPath(rule.path, session)}`;
}

/**
 * Runs `rulebook inspect`: the JSON document on stdout (diagnostics inside it), or a human
 * summary on stdout with the diagnostics grouped by file on stderr.
 */
export async function runInspect(session: Session, options: { json?: boolean }, io: Io): Promise<number> {
  const countTokens = session.partition.all.length > 0 ? await loadTokenCounter() : undefined;
  if (options.json) {
    io.stdout.write(`${JSON.stringify(inspectReport(session, countTokens), null, 2)}\n`);
    return 0;
  }
  const c = io.stdout.color;
  const lines: string[] = [];
  lines.push(`${c.bold("Project")} ${printable(session.root)}`);
  if (session.cwd !== session.root) lines.push(`${c.bold("Cwd")}     ${printable(session.cwd)}`);
  lines.push(`${c.bold("Home")}    ${printable(session.home)}`);
  if (session.config) lines.push(`${c.bold("Config")}  ${displayPath(session.config.path, session)}`);
  if (session.mode !== undefined) lines.push(`${c.bold("Mode")}    ${printable(session.mode)}`);
  lines.push(`${c.bold("Providers")} ${session.load.providers.map((p) => `${p.id} (${p.priority})`).join(" → ")}`, "");
  const all = session.partition.all;
  if (all.length === 0) lines.push("No rules found.", "");
  for (const [group, title] of SECTIONS) {
    const entries = all.filter((entry) => ruleGroup(entry) === group);
    if (entries.length === 0) continue;
    lines.push(c.bold(`${title}: ${entries.length}`));
    for (const { rule, reason } of entries) {
      const tokens = countTokens ? `  ${c.dim(plural(countTokens(rule.content), "token"))}` : "";
      lines.push(`  ${c.cyan(printable(rule.name))}  ${c.dim(ruleOrigin(rule, session))}${tokens}`);
      if (rule.scope !== undefined) lines.push(`      ${c.dim(`scope: ${printable(projectPathLabel(rule.scope))}/`)}`);
      lines.push(`      ${printable(shortPaths(reason, session))}`);
      if (rule.description !== undefined) lines.push(`      ${c.dim(`description: ${printable(rule.description)}`)}`);
      if (rule.globs && group === "rulebook") lines.push(`      ${c.dim(`globs: ${printable(rule.globs.join(", "))}`)}`);
    }
    lines.push("");
  }
  const modes = otherModesLine(
    all.filter((entry) => ruleGroup(entry) === "other-mode"),
    session.mode,
  );
  if (modes !== undefined) lines.push(c.bold("Other modes"), `  ${modes}`, "");
  const shadowed = session.load.shadowed;
  if (shadowed.length > 0) {
    lines.push(c.bold(`Shadowed (same name, lower precedence): ${shadowed.length}`));
    for (const { rule, shadowedBy } of shadowed) {
      lines.push(`  ${c.yellow(printable(rule.name))}  ${c.dim(ruleOrigin(rule, session))}`);
      lines.push(`      shadowed by ${ruleOrigin(shadowedBy, session)}`);
    }
    lines.push("");
  }
  const duplicates = duplicatesOf(session);
  if (duplicates.length > 0) {
    lines.push(c.bold(`Duplicates (same content as a rule above, carried once): ${duplicates.length}`));
    for (const { rule, duplicateOf } of duplicates) {
      lines.push(`  ${c.yellow(printable(rule.name))}  ${c.dim(ruleOrigin(rule, session))}`);
      lines.push(`      same content as ${printable(duplicateOf.name)} (${ruleOrigin(duplicateOf, session)})`);
    }
    lines.push("");
  }
  lines.push(summary(session, duplicates.length));
  io.stdout.write(`${lines.join("\n")}\n`);
  writeDiagnostics(io.stderr, session.diagnostics, session);
  return 0;
}

function summary(session: Session, duplicates: number): string {
  return [
    plural(session.partition.all.length, "rule"),
    `${session.load.shadowed.length} shadowed`,
    ...(duplicates > 0 ? [`${duplicates} duplicate${duplicates === 1 ? "" : "s"}`] : []),
  ].join(", ");
}
