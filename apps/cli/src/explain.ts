import { resolve } from "node:path";
import { type RuleCategory, explainFile, reachableRules, toProjectPath } from "@rulebook/core";
import { displayPath, printable, writeDiagnostics } from "./display.js";
import { type RuleReport, type ShadowedReport, ruleReport, shadowedReport } from "./inspect.js";
import type { Io } from "./io.js";
import type { Session } from "./session.js";

/** One rule's decision for a file in `explain PATH --json`. */
export interface FileDecisionReport {
  name: string;
  category: RuleCategory | "shadowed";
  applies: boolean;
  how?: "always-apply" | "glob" | "listed";
  glob?: string;
  reason: string;
  provider: string;
  level: string;
  path: string;
  /** For a shadowed rule: the rule that won its name. */
  shadowedBy?: { provider: string; path: string };
}

/** `explain PATH --json`: the file, where it sits in the project, and every rule's decision. */
export interface FileExplanation {
  /** Absolute path of the file. */
  path: string;
  /** The path globs are matched against; absent when the file is outside the project root. */
  projectPath?: string;
  rules: FileDecisionReport[];
}

/** `explain rule://NAME --json`: the winning rule, whether `rule://` reaches it, and what it shadows. */
export interface RuleExplanation {
  rule: RuleReport;
  reachable: boolean;
  shadows: ShadowedReport[];
}

/**
 * Explains which rules apply to a file: relative paths are relative to the project root
 * (`--cwd`), absolute ones are made relative, paths outside the root match no glob.
 * Shadowed rules are listed last, as never applying.
 */
export function explainPathReport(session: Session, file: string): FileExplanation {
  const path = resolve(session.cwd, file);
  const projectPath = toProjectPath(path, session.cwd);
  const rules: FileDecisionReport[] = explainFile(session.partition.all, path, session.cwd).map((decision, i) => {
    const { rule } = decision;
    return {
      name: rule.name,
      category: session.partition.all[i]?.category ?? "inactive",
      applies: decision.applies,
      ...(decision.how !== undefined && { how: decision.how }),
      ...(decision.glob !== undefined && { glob: decision.glob }),
      reason: decision.reason,
      provider: rule.source.provider,
      level: rule.source.level,
      path: rule.path,
    };
  });
  for (const { rule, shadowedBy } of session.load.shadowed) {
    rules.push({
      name: rule.name,
      category: "shadowed",
      applies: false,
      reason: `shadowed by ${shadowedBy.source.provider}/${shadowedBy.source.level} ${shadowedBy.path}`,
      provider: rule.source.provider,
      level: rule.source.level,
      path: rule.path,
      shadowedBy: { provider: shadowedBy.source.provider, path: shadowedBy.path },
    });
  }
  return { path, ...(projectPath !== undefined && { projectPath }), rules };
}

/** Explains one rule by name, whatever its category; `undefined` when no rule has that name. */
export function explainRuleReport(session: Session, name: string): RuleExplanation | undefined {
  const entry = session.partition.all.find((e) => e.rule.name === name);
  if (!entry) return undefined;
  return {
    rule: ruleReport(entry),
    reachable: reachableRules(session.partition).includes(entry.rule),
    shadows: session.load.shadowed.filter((s) => s.shadowedBy === entry.rule).map(shadowedReport),
  };
}

/** Runs `rulebook explain PATH|rule://NAME`. */
export function runExplain(session: Session, target: string, options: { json?: boolean }, io: Io): number {
  writeDiagnostics(io.stderr, session.diagnostics);
  if (target.startsWith("rule://")) return explainRule(session, target, options, io);
  const report = explainPathReport(session, target);
  if (options.json) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const c = io.stdout.color;
  const shown = report.projectPath ?? printable(report.path);
  const lines = [c.bold(`Rules for ${shown}`)];
  if (report.projectPath === undefined) lines.push(c.yellow(`  the file is outside the project root ${printable(session.cwd)}: no glob matches it`));
  for (const d of report.rules) {
    const mark = d.applies ? c.green("applies ") : d.category === "shadowed" ? c.yellow("shadowed") : c.dim("no      ");
    lines.push(`  ${mark}  ${c.cyan(printable(d.name))}  ${c.dim(`[${d.category}]`)}  ${printable(shortReason(d, session))}`);
    lines.push(`            ${c.dim(`${d.provider}/${d.level} ${displayPath(d.path, session)}`)}`);
  }
  const applying = report.rules.filter((d) => d.applies).length;
  lines.push("", `${applying} of ${report.rules.length} rules apply to ${shown}`);
  io.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}

function shortReason(d: FileDecisionReport, session: Session): string {
  // Human output names files relative to the project, like the rest of the report.
  return d.reason.replaceAll(session.cwd.endsWith("/") ? session.cwd : `${session.cwd}/`, "");
}

function explainRule(session: Session, url: string, options: { json?: boolean }, io: Io): number {
  let name: string;
  try {
    name = decodeURIComponent(url.slice("rule://".length));
  } catch {
    io.stderr.write(`rulebook: bad percent-encoding in ${printable(url)}\n`);
    return 1;
  }
  const report = explainRuleReport(session, name);
  if (!report) {
    const names = session.partition.all.map((e) => e.rule.name);
    io.stderr.write(`rulebook: unknown rule "${printable(name)}"; known rules: ${names.length > 0 ? printable(names.join(", ")) : "(none)"}\n`);
    return 1;
  }
  if (options.json) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const c = io.stdout.color;
  const r = report.rule;
  const row = (label: string, value: string) => `  ${c.dim(label.padEnd(13))}${value}`;
  const lines = [c.bold(`rule://${printable(r.name)}`)];
  lines.push(row("category", c.cyan(r.category)));
  lines.push(row("reason", printable(r.reason)));
  lines.push(row("source", `${r.provider}/${r.level} ${displayPath(r.path, session)}`));
  if (r.description !== undefined) lines.push(row("description", printable(r.description)));
  if (r.globs) lines.push(row("globs", printable(r.globs.join(", "))));
  if (r.alwaysApply) lines.push(row("alwaysApply", "true"));
  if (r.condition) lines.push(row("condition", printable(r.condition.map((p) => `/${p}/`).join(", "))));
  lines.push(row("size", `${r.contentBytes} bytes`));
  lines.push(row("rule://", report.reachable ? "readable with rulebook read" : `not readable (${r.category} rules are not reachable)`));
  if (report.shadows.length === 0) lines.push(row("shadows", "nothing"));
  for (const s of report.shadows) {
    lines.push(row("shadows", `${s.provider}/${s.level} ${displayPath(s.path, session)}`));
  }
  io.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}
