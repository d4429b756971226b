import type { RulePartition } from "./partition.js";
import type { Rule } from "./types.js";

/** The content behind a `rule://` URL. */
export interface ResolvedRule {
  rule: Rule;
  content: string;
  contentType: "text/markdown";
}

/** Thrown by {@link resolveRuleUrl} for an unknown name or a URL that is not `rule://`. */
export class RuleUrlError extends Error {
  override name = "RuleUrlError";
  constructor(
    message: string,
    /** The rule name asked for (decoded), when the URL had one. */
    readonly ruleName: string | undefined,
    /** The names that can be read. */
    readonly available: readonly string[],
  ) {
    super(message);
  }
}

/** The rules `rule://` can reach: always-apply, rulebook and auto-attach, in that order. */
export function reachableRules(partition: RulePartition): Rule[] {
  return [...partition.alwaysApply, ...partition.rulebook, ...partition.autoAttach];
}

/**
 * Resolves `rule://<name>` (SPEC §10): exact, case-sensitive name, percent-decoded; only
 * always-apply, rulebook and auto-attach rules are reachable. Throws {@link RuleUrlError}
 * naming the rule and listing the available names otherwise.
 */
export function resolveRuleUrl(url: string, rules: RulePartition | readonly Rule[]): ResolvedRule {
  const reachable = Array.isArray(rules) ? (rules as readonly Rule[]) : reachableRules(rules as RulePartition);
  const names = reachable.map((r) => r.name);
  const list = names.length > 0 ? names.join(", ") : "(none)";
  if (!url.startsWith("rule://")) {
    throw new RuleUrlError(`not a rule:// URL: ${JSON.stringify(url)}`, undefined, names);
  }
  let name: string;
  try {
    name = decodeURIComponent(url.slice("rule://".length));
  } catch {
    throw new RuleUrlError(`bad percent-encoding in ${JSON.stringify(url)}`, undefined, names);
  }
  const rule = reachable.find((r) => r.name === name);
  if (!rule) throw new RuleUrlError(`unknown rule "${name}"; available: ${list}`, name, names);
  return { rule, content: rule.content, contentType: "text/markdown" };
}
