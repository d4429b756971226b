import type { ExportLoss } from "./types.js";
import { hasHiddenCharacters } from "../text/hidden-characters.js";
import type { Rule } from "../rule/types.js";

/** How a rule applies, in the partition's order: what a writer maps to its tool's keys. */
export type ExportActivation = "condition" | "always" | "description" | "globs" | "manual";

/** What a target can express besides activation. */
export interface TargetAbilities {
  /** The target's id, for losses. */
  target: string;
  /** Rule files in any folder of the project, scoped to it (otherwise only at the root). */
  nested: boolean;
  /** Rules limited to agent modes (Roo). */
  modes?: boolean;
  /** Stream-trigger `condition` patterns. */
  condition?: boolean;
  /** The tool matches globs ignoring case (Copilot); others match them case-sensitively. */
  globsIgnoreCase?: boolean;
}

/** A rule as a writer sees it: its folder, its name inside that folder, and how it applies. */
export interface PreparedRule {
  rule: Rule;
  /** Project-relative folder the file goes in (`""` at the root). */
  folder: string;
  /** Name of the rule inside that folder (`/` separators), safe as a file path. */
  name: string;
  activation: ExportActivation;
}

/** Reports one loss of the rule being prepared. */
export type Lose = (part: ExportLoss["part"], severity: ExportLoss["severity"], message: string) => void;

/** How `rule` applies (docs/behaviour.md#categories): the first of condition, alwaysApply, description, globs. */
export function activationOf(rule: Rule): ExportActivation {
  if (rule.condition && rule.condition.length > 0) return "condition";
  if (rule.alwaysApply) return "always";
  if (rule.description) return "description";
  if (rule.globs && rule.globs.length > 0) return "globs";
  return "manual";
}

/**
 * The checks every writer shares: user rules are not written into the project; a scope the
 * target cannot nest is folded into the globs; modes and stream triggers the target lacks are
 * dropped; a name that cannot be a file path is made one. Every change is a reported loss;
 * `undefined` means the rule is not written.
 */
export function prepareRule(rule: Rule, abilities: TargetAbilities, lose: Lose): PreparedRule | undefined {
  if (rule.source.level === "user") {
    lose("level", "info", "a user-level rule; export writes project files only");
    return undefined;
  }
  let current: Rule = rule;
  if (current.modes && current.modes.length > 0 && !abilities.modes) {
    lose("modes", "warning", `limited to mode(s) ${current.modes.join(", ")}, which ${abilities.target} does not have; written for every mode`);
    const { modes: _modes, ...rest } = current;
    current = rest;
  }
  if (current.condition && current.condition.length > 0 && !abilities.condition) {
    lose("condition", "warning", `${abilities.target} has no stream triggers; written without its condition`);
    const { condition: _condition, ...rest } = current;
    current = rest;
  }
  if (current.globs && Boolean(current.globsIgnoreCase) !== Boolean(abilities.globsIgnoreCase)) {
    lose("globs", "info", `${abilities.target} matches globs ${abilities.globsIgnoreCase ? "ignoring case" : "case-sensitively"}, the source did not`);
  }
  const scope = current.scope ?? "";
  let inner = scope && current.name.startsWith(`${scope}/`) ? current.name.slice(scope.length + 1) : current.name;
  let folder = scope;
  if (scope && !abilities.nested) {
    folder = "";
    inner = current.name;
    const globs = current.globs?.map((g) => (g.startsWith("!") ? `!${scope}/${g.slice(1)}` : `${scope}/${g}`)) ?? [`${scope}/**`];
    const { scope: _scope, ...rest } = current;
    current = { ...rest, globs };
    lose("scope", "warning", `${abilities.target} has no nested rules; written at the root with globs ${globs.join(", ")}`);
  }
  const safe = safeRuleName(inner);
  if (safe !== inner) lose("name", "info", `the name cannot be a file path in ${abilities.target}; written as "${safe}"`);
  return { rule: current, folder, name: safe, activation: activationOf(current) };
}

// Characters no file name on Windows, macOS or Linux may hold, and the walk's hidden prefix.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const UNSAFE = /[\\:*?"<>|\u0000-\u001f\u007f]/g;

/** `name` as a relative file path every system accepts: unsafe characters and segments become `-`. */
export function safeRuleName(name: string): string {
  const segments = name.split("/").map((segment) => {
    let s = segment.replace(UNSAFE, "-");
    if (hasHiddenCharacters(s)) s = [...s].map((c) => (hasHiddenCharacters(c) ? "-" : c)).join("");
    s = s.replace(/^[.\s~]+/, (m) => "-".repeat(m.length)).replace(/[.\s]+$/, "");
    return s === "" ? "-" : s;
  });
  return segments.join("/");
}
