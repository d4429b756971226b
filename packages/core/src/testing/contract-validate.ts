import { isAbsolute, relative, sep } from "node:path";
import type { Provider, ProviderResult } from "../provider/provider.js";
import { ruleShapeProblem } from "../rule/rule-shape.js";
import type { Diagnostic, Rule } from "../rule/types.js";

const SEVERITIES = new Set(["error", "warning", "info"]);

/** Problems with one rule a provider returned: identity, path and field types (docs/behaviour.md#the-rule). */
export function ruleProblems(provider: Provider, rule: Rule): string[] {
  const r = rule as Partial<Rule> | null;
  const at = typeof r?.path === "string" ? ` (${r.path})` : "";
  const problems: string[] = [];
  // The shape every rule has (the one partitionRules checks), then what the contract adds.
  const shape = ruleShapeProblem(rule);
  if (typeof r !== "object" || r === null) return [`a rule is malformed: ${shape}`];
  if (shape) problems.push(`rule ${JSON.stringify(r.name)}${at} is malformed: ${shape}`);
  if (typeof r.path !== "string" || !isAbsolute(r.path)) problems.push(`rule "${r.name}" has a non-absolute path ${JSON.stringify(r.path)}`);
  if (r.source?.provider !== provider.id) {
    problems.push(`rule "${r.name}"${at} has source.provider ${JSON.stringify(r.source?.provider)}, expected "${provider.id}"`);
  }
  if (typeof r.source?.providerName !== "string" || r.source.providerName === "") {
    problems.push(`rule "${r.name}"${at} has no source.providerName`);
  }
  if (r.source?.level !== "project" && r.source?.level !== "user") {
    problems.push(`rule "${r.name}"${at} has source.level ${JSON.stringify(r.source?.level)}, expected "project" or "user"`);
  }
  if (r.alwaysApply !== undefined && r.alwaysApply !== true) problems.push(`rule "${r.name}"${at}: alwaysApply is neither true nor absent`);
  return problems;
}

/** Problems with one diagnostic: its fields, and a `provider` that names someone else. */
export function diagnosticProblems(provider: Provider, d: Diagnostic): string[] {
  const problems: string[] = [];
  const text = JSON.stringify(d);
  if (typeof d !== "object" || d === null) return [`a diagnostic is ${text}, not an object`];
  if (!SEVERITIES.has(d.severity)) problems.push(`diagnostic ${text}: severity must be error, warning or info`);
  if (typeof d.code !== "string" || d.code === "") problems.push(`diagnostic ${text}: no code`);
  if (typeof d.message !== "string" || d.message === "") problems.push(`diagnostic ${text}: no message`);
  if (d.provider !== undefined && d.provider !== provider.id) problems.push(`diagnostic ${text}: provider is not "${provider.id}"`);
  if (d.path !== undefined && (typeof d.path !== "string" || !isAbsolute(d.path))) problems.push(`diagnostic ${text}: path is not absolute`);
  if (d.line !== undefined && !(Number.isInteger(d.line) && d.line >= 1)) problems.push(`diagnostic ${text}: line is not a positive integer`);
  return problems;
}

/** Every rule and diagnostic problem of a result. */
export function resultProblems(provider: Provider, result: ProviderResult): string[] {
  return [...result.rules.flatMap((rule) => ruleProblems(provider, rule)), ...result.diagnostics.flatMap((d) => diagnosticProblems(provider, d))];
}

/** True when `path` is `folder` or inside it. */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}

/** A rule's path relative to the temp project, prefixed by `proj/` or `home/`, for comparing two projects. */
export function fixturePath(path: string, where: { cwd: string; home: string }): string {
  if (isInside(path, where.cwd)) return `proj/${relative(where.cwd, path).split(sep).join("/")}`;
  if (isInside(path, where.home)) return `home/${relative(where.home, path).split(sep).join("/")}`;
  return path;
}
