import type { RulePartition } from "./partition.js";
import { RULE_URL_PREFIX as PREFIX, ruleAddress } from "./rule-address.js";
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

/** A partition's names, built once per partition: a look-up is one map access, a miss scans lowercase names once built. */
interface RuleIndex {
  byName: Map<string, Rule>;
  /** Frozen, so every error can share it. */
  names: readonly string[];
  lower?: readonly string[];
}

const indexes = new WeakMap<object, RuleIndex>();
const MAX_LISTED = 20;

/** The two names a `rule://` URL may mean: the text as written, and its percent-decoding when that is valid. */
export interface ParsedRuleUrl {
  literal: string;
  /** Absent when the text is not valid percent-encoding (`100%-coverage`). */
  decoded?: string;
}

/**
 * Reads `rule://<name>` (docs/behaviour.md#rule): undefined when `url` does not start with
 * `rule://`. A resolver tries `literal` first, then `decoded`; this is the one place that
 * knows the prefix and the decoding.
 */
export function parseRuleUrl(url: string): ParsedRuleUrl | undefined {
  if (!url.startsWith(PREFIX)) return undefined;
  const literal = url.slice(PREFIX.length);
  try {
    return { literal, decoded: decodeURIComponent(literal) };
  } catch {
    return { literal };
  }
}

/**
 * Resolves `rule://<name>` (docs/behaviour.md#rule): the name exactly as written first
 * (case-sensitive), then percent-decoded when no rule has the literal name. Every winning
 * rule is reachable, inactive and manual rules included. Throws {@link RuleUrlError} naming
 * the rule and listing close names otherwise.
 */
export function resolveRuleUrl(url: string, rules: RulePartition | readonly Rule[], options: ResolveRuleUrlOptions = {}): ResolvedRule {
  const index = indexOf(rules);
  const parsed = parseRuleUrl(url);
  if (!parsed) throw new RuleUrlError(`not a rule:// URL: ${JSON.stringify(url)}`, undefined, index.names);
  let rule = index.byName.get(parsed.literal);
  let name = parsed.literal;
  if (!rule && parsed.decoded !== undefined) {
    name = parsed.decoded;
    rule = index.byName.get(name);
  }
  if (!rule) throw new RuleUrlError(unknownMessage(name, index), name, index.names);
  return { rule, content: options.render ? options.render(rule) : rule.content, contentType: "text/markdown" };
}

/**
 * What a reader hands {@link resolveRuleUrl} for `name` given by a person or a model: a
 * `rule://` URL as it is, a bare name as its {@link ruleAddress}.
 */
export function ruleUrlOf(nameOrUrl: string): string {
  return nameOrUrl.startsWith(PREFIX) ? nameOrUrl : ruleAddress(nameOrUrl);
}

function indexOf(rules: RulePartition | readonly Rule[]): RuleIndex {
  let index = indexes.get(rules);
  if (index) return index;
  const byName = new Map<string, Rule>();
  const list = Array.isArray(rules) ? (rules as readonly Rule[]) : reachableRules(rules as RulePartition);
  for (const rule of list) if (!byName.has(rule.name)) byName.set(rule.name, rule);
  index = { byName, names: Object.freeze([...byName.keys()]) };
  indexes.set(rules, index);
  return index;
}

/** "unknown rule", with the closest names first and the list cut short when it is long. */
function unknownMessage(name: string, index: RuleIndex): string {
  const { names } = index;
  if (names.length === 0) return `unknown rule "${name}"; there are no rules`;
  index.lower ??= names.map((n) => n.toLowerCase());
  const lower = name.toLowerCase();
  const lastSegment = lower.slice(lower.lastIndexOf("/") + 1);
  // Up to MAX_LISTED close names (in precedence order), then other names up to MAX_LISTED in all.
  const shown: string[] = [];
  const isClose = (l: string) => l.includes(lower) || lower.includes(l) || l.slice(l.lastIndexOf("/") + 1) === lastSegment;
  for (const [i, l] of index.lower.entries()) {
    if (shown.length === MAX_LISTED) break;
    if (isClose(l)) shown.push(names[i] as string);
  }
  const anyClose = shown.length > 0;
  for (const [i, l] of index.lower.entries()) {
    if (shown.length === MAX_LISTED) break;
    if (!isClose(l)) shown.push(names[i] as string);
  }
  const more = names.length > shown.length ? ` and ${names.length - shown.length} more` : "";
  return `unknown rule "${name}"; ${anyClose ? "did you mean" : "available"}: ${shown.join(", ")}${more}`;
}
