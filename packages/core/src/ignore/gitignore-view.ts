import type { ByteClasses } from "./byte-classes.js";
import { type Rule, wildSteps } from "./gitignore-pattern.js";
import { WildAutomaton, type WildRule } from "./wild-automaton.js";

// The rules of one ignore file arranged for the verdict: literal names and paths in maps,
// `*suffix` rules in a map by their text, all other wildcards of a kind in one automaton. Each
// costs a question at most its subject's length, whatever the number of rules.

/** Every wildcard rule of one kind as one automaton, with the highest rule index among them. */
export interface Wildcards {
  last: number;
  automaton: WildAutomaton;
}

/** `*suffix` rules: the last index of each suffix, and the suffix lengths there are, shortest first. */
export interface Suffixes {
  last: number;
  byText: Map<string, number>;
  lengths: number[];
}

/** The rules of one ignore file that can match one kind of entry (files, or folders), arranged for lookup. */
export interface RuleView {
  negative: boolean[];
  names: Map<string, number>;
  suffixes?: Suffixes;
  /** Index of the last rule matching every name (`*`), or -1. */
  all: number;
  /** Literal paths, keyed by the path from the walk root. */
  paths: Map<string, number>;
  /** Wildcard rules on the entry's name. */
  wildNames?: Wildcards;
  /** Wildcard rules on the path from the ignore file's folder. */
  wildPaths?: Wildcards;
}

/** Arranges `rules` for lookup (`negative[i]`: rule `i` of the file is a `!` rule); `shared` lets the two views of a file share their automata. */
export function buildView(rules: readonly Rule[], negative: boolean[], base: string, classes: ByteClasses, shared: Map<string, Wildcards>): RuleView {
  const view: RuleView = { negative, names: new Map(), all: -1, paths: new Map() };
  const byText = new Map<string, number>();
  let lastSuffix = -1;
  for (const rule of rules) {
    const test = rule.test;
    // Later rules overwrite earlier ones: the last matching rule decides.
    if (test?.kind === "name") view.names.set(test.name, rule.index);
    else if (test?.kind === "path") view.paths.set(base === "" ? test.path : `${base}/${test.path}`, rule.index);
    else if (test?.kind === "suffix") {
      if (test.suffix === "") view.all = rule.index;
      else {
        byText.set(test.suffix, rule.index);
        lastSuffix = rule.index;
      }
    }
  }
  if (byText.size > 0) {
    const lengths = [...new Set([...byText.keys()].map((suffix) => suffix.length))].sort((a, b) => a - b);
    view.suffixes = { last: lastSuffix, byText, lengths };
  }
  view.wildNames = wildcards(rules, "wild-name", classes, shared);
  view.wildPaths = wildcards(rules, "wild-path", classes, shared);
  return view;
}

/** The highest index of a `*suffix` rule that `name` ends with, or -1. */
export function highestSuffix(suffixes: Suffixes, name: string): number {
  let best = -1;
  for (const length of suffixes.lengths) {
    if (length > name.length) break;
    const index = suffixes.byText.get(name.slice(name.length - length));
    if (index !== undefined && index > best) best = index;
  }
  return best;
}

/** One automaton for the rules of `kind`, shared by the two views when they hold the same ones. */
function wildcards(
  rules: readonly Rule[],
  kind: "wild-name" | "wild-path",
  classes: ByteClasses,
  shared: Map<string, Wildcards>,
): Wildcards | undefined {
  const members = rules.filter((rule) => rule.test?.kind === kind);
  if (members.length === 0) return undefined;
  const key = `${kind}${members.map((rule) => rule.index).join(",")}`;
  const known = shared.get(key);
  if (known) return known;
  const compiled: WildRule[] = [];
  for (const rule of members) {
    const steps = rule.test?.kind === kind ? wildSteps(rule.test, classes) : undefined;
    if (steps !== undefined) compiled.push({ index: rule.index, steps });
  }
  // Rules that can never match (git's wildmatch aborts on them) take no part.
  const made = compiled.length === 0 ? undefined : { last: (compiled.at(-1) as WildRule).index, automaton: new WildAutomaton(compiled, classes) };
  if (made) shared.set(key, made);
  return made;
}
