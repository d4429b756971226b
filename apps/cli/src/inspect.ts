import type { CategorizedRule, Diagnostic, ProviderInfo, Rule, RuleCategory, RuleLevel, ShadowedRule } from "@rulebook/core";
import { diagnosticJson, displayPath, plural, printable, writeDiagnostics } from "./display.js";
import type { Io } from "./io.js";
import type { Session } from "./session.js";

/** One winning rule in `inspect --json` (SPEC §12). */
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
  contentBytes: number;
}

/** One shadowed rule in `inspect --json`. */
export interface ShadowedReport {
  name: string;
  path: string;
  provider: string;
  level: RuleLevel;
  shadowedBy: { provider: string; path: string };
}

/** The whole `inspect --json` document (SPEC §12). */
export interface InspectReport {
  cwd: string;
  home: string;
  providers: ProviderInfo[];
  rules: RuleReport[];
  shadowed: ShadowedReport[];
  diagnostics: Diagnostic[];
}

/** The JSON entry of a categorised rule, optional fields omitted when absent. */
export function ruleReport({ rule, category, reason }: CategorizedRule): RuleReport {
  return {
    name: rule.name,
    path: rule.path,
    provider: rule.source.provider,
    level: rule.source.level,
    category,
    reason,
    ...(rule.description !== undefined && { description: rule.description }),
    ...(rule.globs !== undefined && { globs: rule.globs }),
    ...(rule.alwaysApply === true && { alwaysApply: true as const }),
    ...(rule.condition !== undefined && { condition: rule.condition }),
    contentBytes: Buffer.byteLength(rule.content, "utf8"),
  };
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

/** Builds the `inspect --json` document from a session. */
export function inspectReport(session: Session): InspectReport {
  return {
    cwd: session.cwd,
    home: session.home,
    providers: session.load.providers.map(({ id, displayName, priority }) => ({ id, displayName, priority })),
    rules: session.partition.all.map(ruleReport),
    shadowed: session.load.shadowed.map(shadowedReport),
    diagnostics: session.diagnostics.map(diagnosticJson),
  };
}

const CATEGORY_ORDER: RuleCategory[] = ["always-apply", "rulebook", "auto-attach", "ttsr", "inactive"];
const CATEGORY_TITLE: Record<RuleCategory, string> = {
  "always-apply": "Always applied (content in the system prompt)",
  rulebook: "Rulebook (listed in the prompt, read on demand via rule://)",
  "auto-attach": "Auto-attached (content added when a matching file is in play)",
  ttsr: "Stream triggers (injected when the model's output matches)",
  inactive: "Inactive (never used)",
};

/** `provider/level path`, the way human output names a rule file. */
export function ruleOrigin(rule: Rule, session: Session): string {
  return `${rule.source.provider}/${rule.source.level} ${displayPath(rule.path, session)}`;
}

/** Runs `rulebook inspect`: JSON on stdout, or a human summary with diagnostics on stderr. */
export function runInspect(session: Session, options: { json?: boolean }, io: Io): number {
  if (options.json) {
    io.stdout.write(`${JSON.stringify(inspectReport(session), null, 2)}\n`);
    writeDiagnostics(io.stderr, session.diagnostics);
    return 0;
  }
  const c = io.stdout.color;
  const lines: string[] = [];
  lines.push(`${c.bold("Project")} ${printable(session.cwd)}`);
  lines.push(`${c.bold("Home")}    ${printable(session.home)}`);
  lines.push(
    `${c.bold("Providers")} ${session.load.providers.map((p) => `${p.id} (${p.priority})`).join(" → ")}`,
    "",
  );
  const all = session.partition.all;
  if (all.length === 0) lines.push("No rules found.", "");
  for (const category of CATEGORY_ORDER) {
    const entries = all.filter((entry) => entry.category === category);
    if (entries.length === 0) continue;
    lines.push(c.bold(`${CATEGORY_TITLE[category]}: ${entries.length}`));
    for (const { rule, reason } of entries) {
      lines.push(`  ${c.cyan(printable(rule.name))}  ${c.dim(ruleOrigin(rule, session))}`);
      lines.push(`      ${printable(reason)}`);
      if (rule.description !== undefined) lines.push(`      ${c.dim(`description: ${printable(rule.description)}`)}`);
      if (rule.globs && category === "rulebook") lines.push(`      ${c.dim(`globs: ${printable(rule.globs.join(", "))}`)}`);
    }
    lines.push("");
  }
  const shadowed = session.load.shadowed;
  if (shadowed.length > 0) {
    lines.push(c.bold(`Shadowed (same name, lower precedence): ${shadowed.length}`));
    for (const { rule, shadowedBy } of shadowed) {
      lines.push(`  ${c.yellow(printable(rule.name))}  ${c.dim(ruleOrigin(rule, session))}`);
      lines.push(`      shadowed by ${ruleOrigin(shadowedBy, session)}`);
    }
    lines.push("");
  }
  lines.push(summary(session));
  io.stdout.write(`${lines.join("\n")}\n`);
  writeDiagnostics(io.stderr, session.diagnostics);
  return 0;
}

function summary(session: Session): string {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of session.diagnostics) counts[d.severity]++;
  return [
    plural(session.partition.all.length, "rule"),
    `${session.load.shadowed.length} shadowed`,
    plural(counts.error, "error"),
    plural(counts.warning, "warning"),
    `${counts.info} info`,
  ].join(", ");
}
