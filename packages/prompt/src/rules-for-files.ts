import { type CategorizedRule, type Rule, type RuleCategory, explainFile, normalizeScope, scopeDepth, toProjectPath } from "@rulebook/core";
import { modeAllows, resolveFile } from "./play.js";

/** Why a rule is in effect for a file. */
export type EffectKind = "always" | "scope" | "glob" | "listed";

/** A rule in effect for a file, and why. */
export interface RuleInEffect {
  name: string;
  rule: Rule;
  category: RuleCategory;
  /**
   * `always`: an always-apply rule for the whole project; `scope`: an always-apply rule of a
   * folder that contains the file; `glob`: one of its globs matched (`glob` says which);
   * `listed`: a rulebook rule without globs, listed for every file of its folder.
   */
  kind: EffectKind;
  glob?: string;
  scope?: string;
  /** The core's sentence for this decision. */
  reason: string;
}

/** The rules in effect for one file. */
export interface FileRules {
  /** The file as given. */
  file: string;
  /** The path globs see; absent when the file is outside the root. */
  projectPath?: string;
  /** Unscoped always-apply rules first, then folder rules broad to specific, then the others in precedence order. */
  rules: RuleInEffect[];
}

/** Options of {@link rulesForFiles}. */
export interface RulesForFilesOptions {
  partition: { all: readonly CategorizedRule[] };
  root: string;
  /** Relative files are relative to it; default `root`. */
  cwd?: string;
  files: readonly string[];
  mode?: string;
}

/** What {@link rulesForFiles} answers. */
export interface RulesForFilesResult {
  /** One entry per file, in the order given. */
  files: FileRules[];
  /** Each rule in effect for any of the files once, with the first file that brought it in. */
  union: Array<RuleInEffect & { file: string }>;
}

/**
 * Which rules are in effect for each file and why (docs/behaviour.md#scope-and-globs), from the core's
 * `explainFile`: per file, and as a union where each rule appears once, with the first file
 * that brought it in. ttsr and inactive rules are never in effect.
 */
export function rulesForFiles(options: RulesForFilesOptions): RulesForFilesResult {
  const { root, mode } = options;
  const entries = options.partition.all.filter((entry) => modeAllows(entry.rule, mode));
  const files = options.files.map((file): FileRules => {
    const path = resolveFile(root, options.cwd, file);
    const projectPath = toProjectPath(path, root);
    const decisions = explainFile(entries, path, root);
    const rules: RuleInEffect[] = [];
    decisions.forEach((decision, i) => {
      const category = entries[i]?.category;
      if (!decision.applies || !decision.how || category === undefined) return;
      const scope = normalizeScope(decision.rule.scope);
      const kind: EffectKind = decision.how === "always-apply" ? (scope !== undefined ? "scope" : "always") : decision.how;
      rules.push({
        name: decision.rule.name,
        rule: decision.rule,
        category,
        kind,
        ...(decision.glob !== undefined && { glob: decision.glob }),
        ...(scope !== undefined && { scope }),
        reason: decision.reason,
      });
    });
    return { file, ...(projectPath !== undefined && { projectPath }), rules: order(rules) };
  });
  const seen = new Set<Rule>();
  const union: Array<RuleInEffect & { file: string }> = [];
  for (const { file, rules } of files) {
    for (const rule of rules) {
      if (seen.has(rule.rule)) continue;
      seen.add(rule.rule);
      union.push({ ...rule, file });
    }
  }
  return { files, union: order(union) };
}

function order<T extends RuleInEffect>(rules: T[]): T[] {
  const rank = (r: RuleInEffect) => (r.kind === "always" ? 0 : r.kind === "scope" ? 1 : 2);
  return [...rules].sort((a, b) => rank(a) - rank(b) || (rank(a) === 1 ? scopeDepth(a.scope) - scopeDepth(b.scope) : 0));
}
