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
  /** Rules attached by globs (`globs`, `paths`, `applyTo`, `fileMatchPattern`); default true. */
  globs?: boolean;
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
    lose(
      "globs",
      "info",
      `${abilities.target} matches globs ${abilities.globsIgnoreCase ? "ignoring case" : "case-sensitively"}, the source did not`,
    );
  }
  const scope = current.scope ?? "";
  let inner = scope && current.name.startsWith(`${scope}/`) ? current.name.slice(scope.length + 1) : current.name;
  let folder = scope;
  if (scope && !abilities.nested) {
    folder = "";
    inner = current.name;
    current = foldScope(current, scope, abilities, lose);
  }
  const safe = safeRuleName(inner);
  if (safe !== inner) lose("name", "info", `the name cannot be a file path in ${abilities.target}; written as "${safe}"`);
  return { rule: current, folder, name: safe, activation: activationOf(current) };
}

/**
 * A scoped rule written at the root of a target without nested files (docs/behaviour.md#export):
 * attached by its globs under the scope (each prefixed once), or by `<scope>/**` for an always
 * rule, where the target has globs; otherwise written for every file with a warning. Manual
 * rules are read by name only, so their scope is dropped with an info.
 */
function foldScope(rule: Rule, scope: string, abilities: TargetAbilities, lose: Lose): Rule {
  const { scope: _scope, ...rest } = rule;
  const activation = activationOf(rule);
  const where = `${scope}/`;
  if (activation === "manual") {
    lose(
      "scope",
      "info",
      `${abilities.target} has no nested rules; a manual rule, written at the root (it applies only when asked for by name, as before)`,
    );
    return rest;
  }
  const globbed = activation === "globs" || (activation === "description" && rule.globs !== undefined);
  if (abilities.globs !== false && (activation === "always" || globbed)) {
    const globs = globbed && rule.globs ? rule.globs.map((glob) => globUnderScope(glob, scope)) : [`${scope}/**`];
    const { alwaysApply: _always, globs: _globs, ...kept } = rest;
    const was = activation === "always" ? "always applied" : "attached by its globs";
    lose(
      "scope",
      "info",
      `${abilities.target} has no nested rules; written at the root, attached to files matching ${globs.join(", ")} (the source was ${was} under ${where})`,
    );
    return { ...kept, globs };
  }
  const how = activation === "description" ? "offered by its description for every file" : "applied to every file";
  const lacks = abilities.globs === false ? "neither nested rules nor globs" : "no nested rules";
  lose("scope", "warning", `${abilities.target} has ${lacks}; written at the root, ${how}, not only under ${where}`);
  return rest;
}

/**
 * A glob of a rule scoped to `scope` as the same glob from the project root, prefixed once: a
 * leading `./` or `/` (the scope folder) is dropped, a glob already written from the root
 * (`packages/web/src/**`) is kept, and a glob without `/` (a file name at any depth) gets `**\/`.
 */
export function globUnderScope(glob: string, scope: string): string {
  const negated = glob.startsWith("!");
  const bare = (negated ? glob.slice(1) : glob).replace(/^(?:\.\/|\/)+/, "");
  const bang = negated ? "!" : "";
  if (bare === scope || bare.startsWith(`${scope}/`)) return `${bang}${bare}`;
  if (bare === "**") return `${bang}${scope}/**`;
  return `${bang}${scope}/${bare.includes("/") ? bare : `**/${bare}`}`;
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
