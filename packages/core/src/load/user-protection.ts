import { createDiagnostic } from "../rule/diagnostics.js";
import type { Diagnostic, Rule } from "../rule/types.js";
import { projectPathLabel } from "../text/path-label.js";
import { comparableContent, isTrigger } from "./same-text.js";

/** What is appended to a project rule's name when a protected user rule has that name. */
export const PROJECT_QUALIFIER = "@project";

/** Options of {@link protectUserRules}. */
export interface UserProtectionOptions {
  /** Names of user-level rules that are protected whatever their frontmatter says (the user's own list). */
  protectedRules?: readonly string[];
}

/**
 * Keeps the user's protected rules (`protected: true` in a user-level rule, or a name in
 * `protectedRules`) from being replaced: every project rule of such a name is renamed
 * `<name>@project` before names are compared, so both apply, the user's under its own name
 * (docs/behaviour.md#trust). So is a project rule with the name and the text of a user rule
 * that is a stream trigger where the user's is not, or the reverse: it cannot stand in for the
 * user's rule (a copy marked `alwaysApply` with a `condition` that never fires would silence it),
 * and a trigger guard and a rule of the prompt are two rules. Each renamed rule is one
 * `user-rule-protected` info.
 */
export function protectUserRules(candidates: readonly Rule[], options: UserProtectionOptions, diagnostics: Diagnostic[]): readonly Rule[] {
  const listed = new Set(options.protectedRules ?? []);
  const users = new Map<string, Rule>();
  for (const rule of candidates) {
    if (rule.source.level !== "user" || rule.content.trim() === "" || users.has(rule.name)) continue;
    users.set(rule.name, rule);
  }
  if (users.size === 0) return candidates;
  const isGuarded = (user: Rule) => user.protected === true || listed.has(user.name);
  // A project rule is kept apart from the user's rule of its name when the user protects it, or when it is the user's text in the other channel.
  const apart = (rule: Rule, user: Rule) =>
    isGuarded(user) || (isTrigger(rule) !== isTrigger(user) && comparableContent(rule.content) === comparableContent(user.content));
  const taken = new Set(candidates.map((rule) => rule.name));
  const renamed = new Map<string, string>();
  return candidates.map((rule) => {
    const user = users.get(rule.name);
    if (rule.source.level !== "project" || !user || user.path === rule.path || !apart(rule, user)) return rule;
    let name = renamed.get(rule.name);
    if (name === undefined) {
      name = qualifiedName(rule.name, taken);
      renamed.set(rule.name, name);
      taken.add(name);
    }
    const why = isGuarded(user)
      ? "has the name of your protected rule"
      : `has the text of your rule but ${isTrigger(rule) ? "is a stream trigger and yours is not" : "is no stream trigger and yours is"}, so it cannot stand in for your rule`;
    const message = `project rule "${rule.name}" ${why} in ${user.path}; both apply, yours as "${rule.name}" and this one as "${name}"`;
    diagnostics.push(createDiagnostic("user-rule-protected", message, { provider: rule.source.provider, path: rule.path }));
    return { ...rule, name };
  });
}

/**
 * Keeps the names only the user's own rules take (`~/…`: `~/global_rules`, `~/.claude/CLAUDE`)
 * for them: a project rule named so (its folder in the project is named `~`) is renamed
 * `./~/…`, as its path is shown, with a `rule-name-user-only` warning, so no repository can
 * replace or pass for a user rule by naming a folder `~` (docs/behaviour.md#safety).
 */
export function keepUserNames(candidates: readonly Rule[], diagnostics: Diagnostic[]): readonly Rule[] {
  if (!candidates.some(isUserLikeProjectRule)) return candidates;
  return candidates.map((rule) => {
    if (!isUserLikeProjectRule(rule)) return rule;
    const name = projectPathLabel(rule.name);
    const message = `project rule "${rule.name}" has a name only your own rules take (~/…: its folder in the project is named ~); it is named "${name}"`;
    diagnostics.push(createDiagnostic("rule-name-user-only", message, { provider: rule.source.provider, path: rule.path }));
    return { ...rule, name };
  });
}

function isUserLikeProjectRule(rule: Rule): boolean {
  return rule.source.level === "project" && (rule.name === "~" || rule.name.startsWith("~/"));
}

/** `<name>@project`, or `<name>@project-2`… when a rule already has that name. */
function qualifiedName(name: string, taken: ReadonlySet<string>): string {
  let candidate = `${name}${PROJECT_QUALIFIER}`;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}${PROJECT_QUALIFIER}-${n}`;
  return candidate;
}

/**
 * The `project-shadows-user` warning: a project rule replaces the user's own rule of the same
 * name (a cloned repository's `.cursor/rules/security.mdc` hiding `~/.cursor/rules/security.mdc`),
 * which is never silent. Undefined when `winner` does not replace a user rule.
 */
export function projectShadowsUser(winner: Rule, hidden: Rule): Diagnostic | undefined {
  if (winner.source.level !== "project" || hidden.source.level !== "user") return undefined;
  const message = `project rule "${hidden.name}" in ${winner.path} replaces your own rule of the same name in ${hidden.path}, which is not used; rename one, or add \`protected: true\` to yours to keep both`;
  return createDiagnostic("project-shadows-user", message, { provider: winner.source.provider, path: winner.path });
}
