import { createDiagnostic } from "../rule/diagnostics.js";
import type { Diagnostic, Rule } from "../rule/types.js";

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
 * (docs/behaviour.md#trust). Each renamed rule is one `user-rule-protected` info.
 */
export function protectUserRules(candidates: readonly Rule[], options: UserProtectionOptions, diagnostics: Diagnostic[]): readonly Rule[] {
  const listed = new Set(options.protectedRules ?? []);
  const guarded = new Map<string, Rule>();
  for (const rule of candidates) {
    if (rule.source.level !== "user" || rule.content.trim() === "" || guarded.has(rule.name)) continue;
    if (rule.protected === true || listed.has(rule.name)) guarded.set(rule.name, rule);
  }
  if (guarded.size === 0) return candidates;
  const taken = new Set(candidates.map((rule) => rule.name));
  const renamed = new Map<string, string>();
  return candidates.map((rule) => {
    const user = guarded.get(rule.name);
    if (rule.source.level !== "project" || !user || user.path === rule.path) return rule;
    let name = renamed.get(rule.name);
    if (name === undefined) {
      name = qualifiedName(rule.name, taken);
      renamed.set(rule.name, name);
      taken.add(name);
    }
    const message = `project rule "${rule.name}" has the name of your protected rule in ${user.path}; both apply, yours as "${rule.name}" and this one as "${name}"`;
    diagnostics.push(createDiagnostic("user-rule-protected", message, { provider: rule.source.provider, path: rule.path }));
    return { ...rule, name };
  });
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
