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
    /** The rule name asked for, when the URL had one. */
    readonly ruleName: string | undefined,
    /** The names that can be read. */
    readonly available: readonly string[],
  ) {
    super(message);
  }
}

/** Options of {@link resolveRuleUrl}. */
export interface ResolveRuleUrlOptions {
  /** What a rule reads as; e.g. a stream-trigger rule as its reminder text. Default: its content. */
  render?: (rule: Rule) => string;
}

/** The rules `rule://` can reach: every winner, whatever its category, in precedence order. */
export function reachableRules(partition: RulePartition): Rule[] {
  return partition.all.map((entry) => entry.rule);
}

const indexes = new WeakMap<object, Map<string, Rule>>();
const MAX_LISTED = 20;

/**
 * Resolves `rule://<name>` (docs/behaviour.md, "rule://"): the name exactly as written first
 * (case-sensitive), then percent-decoded when no rule has the literal name. Every winning
 * rule is reachable, inactive and manual rules included. Throws {@link RuleUrlError} naming
 * the rule and listing close names otherwise.
 */
export function resolveRuleUrl(url: string, rules: RulePartition | readonly Rule[], options: ResolveRuleUrlOptions = {}): ResolvedRule {
  const index = indexOf(rules);
  if (!url.startsWith("rule://")) throw new RuleUrlError(`not a rule:// URL: ${JSON.stringify(url)}`, undefined, [...index.keys()]);
  const literal = url.slice("rule://".length);
  let rule = index.get(literal);
  let name = literal;
  if (!rule) {
    try {
      name = decodeURIComponent(literal);
      rule = index.get(name);
    } catch {
      // Not percent-encoding (`100%-coverage`): only the literal name could have matched.
    }
  }
  if (!rule) throw new RuleUrlError(unknownMessage(name, [...index.keys()]), name, [...index.keys()]);
  return { rule, content: options.render ? options.render(rule) : rule.content, contentType: "text/markdown" };
}

function indexOf(rules: RulePartition | readonly Rule[]): Map<string, Rule> {
  let index = indexes.get(rules);
  if (index) return index;
  index = new Map();
  const list = Array.isArray(rules) ? (rules as readonly Rule[]) : reachableRules(rules as RulePartition);
  for (const rule of list) if (!index.has(rule.name)) index.set(rule.name, rule);
  indexes.set(rules, index);
  return index;
}

/** "unknown rule", with the closest names first and the list cut short when it is long. */
function unknownMessage(name: string, names: readonly string[]): string {
  if (names.length === 0) return `unknown rule "${name}"; there are no rules`;
  const lower = name.toLowerCase();
  const close = names.filter((n) => {
    const l = n.toLowerCase();
    return l.includes(lower) || lower.includes(l) || l.split("/").pop() === lower.split("/").pop();
  });
  const shown = [...new Set([...close, ...names])].slice(0, MAX_LISTED);
  const more = names.length > shown.length ? ` and ${names.length - shown.length} more` : "";
  return `unknown rule "${name}"; ${close.length > 0 ? "did you mean" : "available"}: ${shown.join(", ")}${more}`;
}
