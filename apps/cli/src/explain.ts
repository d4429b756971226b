import { resolve } from "node:path";
import {
  type CategorizedRule,
  type FileRuleDecision,
  type RuleCategory,
  explainFile,
  parseRuleUrl,
  projectPathLabel,
  reachableRules,
  ruleAddress,
  toProjectPath,
} from "@rulebook/core";
import { CliError } from "./cli-error.js";
import { displayPath, printable, shortPaths, writeProblemCount } from "./display.js";
import { type RuleReport, type ShadowedReport, otherModesLine, ruleGroup, ruleReport, shadowedReport } from "./inspect.js";
import type { Io } from "./runtime/io.js";
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
  /** The path globs are matched against (`.` for the project root itself); absent when the file is outside the project root. */
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
 * Explains which rules apply to a file: relative paths are relative to `--cwd`, and made
 * relative to the project root; paths outside the root match no glob. The project root
 * itself gets the rules that apply everywhere. Shadowed rules are listed last, as never
 * applying.
 */
export function explainPathReport(session: Session, file: string): FileExplanation {
  const path = resolve(session.cwd, file);
  const isRoot = path === session.root;
  const projectPath = isRoot ? "." : toProjectPath(path, session.root);
  const decisions = isRoot ? explainRoot(session.partition.all) : explainFile(session.partition.all, path, session.root);
  const rules: FileDecisionReport[] = decisions.map((decision, i) => {
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

/** The project root is a folder, not a file: rules that apply everywhere apply to it, glob rules wait for a file. */
function explainRoot(all: readonly CategorizedRule[]): FileRuleDecision[] {
  return all.map(({ rule, category, reason }): FileRuleDecision => {
    if (category === "always-apply" && rule.scope === undefined) return { rule, applies: true, how: "always-apply", reason: "always applied" };
    if (category === "always-apply") return { rule, applies: false, reason: `applies only inside ${projectPathLabel(rule.scope ?? "")}/` };
    if (category === "ttsr") return { rule, applies: false, reason: "stream trigger: fires on the model's output, not on files" };
    if (category === "inactive") return { rule, applies: false, reason: `inactive: ${reason}` };
    if (!rule.globs) return { rule, applies: category === "rulebook", how: "listed", reason: "listed in the rulebook for every file (no globs)" };
    return { rule, applies: false, reason: "its globs select files; name a file to see whether they match" };
  });
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
  if (!options.json) writeProblemCount(io.stderr, session.diagnostics);
  if (parseRuleUrl(target)) return explainRule(session, target, options, io);
  const report = explainPathReport(session, target);
  if (options.json) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const c = io.stdout.color;
  const shown = report.projectPath === "." ? "the project root" : printable(report.projectPath ?? report.path);
  const lines = [c.bold(`Rules for ${shown}`)];
  if (report.projectPath === undefined) lines.push(c.yellow(`  the file is outside the project root ${printable(session.root)}: no glob matches it`));
  const groups = session.partition.all.map(ruleGroup);
  report.rules.forEach((d, i) => {
    // Rules of other modes are one line below; a manual rule says so (docs/behaviour.md#categories).
    if (groups[i] === "other-mode") return;
    const label = groups[i] === "manual" ? "manual" : d.category;
    const mark = d.applies ? c.green("applies ") : d.category === "shadowed" ? c.yellow("shadowed") : c.dim("no      ");
    lines.push(`  ${mark}  ${c.cyan(printable(d.name))}  ${c.dim(`[${label}]`)}  ${printable(shortReason(d, session))}`);
    lines.push(`            ${c.dim(`${d.provider}/${d.level} ${displayPath(d.path, session)}`)}`);
  });
  const modes = otherModesLine(
    session.partition.all.filter((_, i) => groups[i] === "other-mode"),
    session.mode,
  );
  if (modes !== undefined) lines.push(`  ${c.dim("no      ")}  ${modes}`);
  const applying = report.rules.filter((d) => d.applies).length;
  lines.push("", `${applying} of ${report.rules.length} rules apply to ${shown}`);
  io.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}

function shortReason(d: FileDecisionReport, session: Session): string {
  // Human output names files relative to the project (and ~/ in home), like the rest of the report.
  return shortPaths(d.reason, session);
}

function explainRule(session: Session, url: string, options: { json?: boolean }, io: Io): number {
  // The name as written first; percent-decoding only when no rule has that literal name (docs/behaviour.md#rule).
  const { literal, decoded } = parseRuleUrl(url) ?? { literal: url };
  let report = explainRuleReport(session, literal);
  if (!report) {
    if (decoded === undefined) throw new CliError("bad-input", `bad percent-encoding in ${url}`);
    report = explainRuleReport(session, decoded);
  }
  if (!report) {
    const names = session.partition.all.map((e) => e.rule.name);
    throw new CliError("unknown-rule", `unknown rule "${literal}"; known rules: ${names.length > 0 ? names.join(", ") : "(none)"}`);
  }
  if (options.json) {
    io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  }
  const c = io.stdout.color;
  const r = report.rule;
  const row = (label: string, value: string) => `  ${c.dim(label.padEnd(13))}${value}`;
  const lines = [c.bold(printable(ruleAddress(r.name)))];
  const entry = session.partition.all.find((e) => e.rule.name === r.name);
  lines.push(row("category", c.cyan(entry !== undefined && ruleGroup(entry) === "manual" ? "inactive (manual)" : r.category)));
  lines.push(row("reason", printable(shortPaths(r.reason, session))));
  lines.push(row("source", `${r.provider}/${r.level} ${displayPath(r.path, session)}`));
  if (r.description !== undefined) lines.push(row("description", printable(r.description)));
  if (r.globs) lines.push(row("globs", printable(r.globs.join(", "))));
  if (r.alwaysApply) lines.push(row("alwaysApply", "true"));
  if (r.protected) lines.push(row("protected", "true: no project rule replaces it"));
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
