import type { Rule } from "./gitignore-pattern.js";

// The rules of one ignore file arranged for the verdict: literal names and paths in maps,
// `*suffix` rules bucketed by their last character, all other wildcards of a kind in one regex.

/** Every wildcard rule of one kind in one regular expression, and each alone, highest index first. */
export interface Wildcards {
  /** The highest rule index among them. */
  last: number;
  flags: string;
  regex: RegExp;
  members: { index: number; source: string; regex?: RegExp }[];
}

/** The rules of one ignore file that can match one kind of entry (files, or folders), arranged for lookup. */
export interface RuleView {
  negative: boolean[];
  names: Map<string, number>;
  /** `*.ext`-style rules by the char code their suffix ends with, highest index first. */
  suffixes: Map<number, { index: number; suffix: string }[]>;
  /** Index of the last rule matching every name (`*`), or -1. */
  all: number;
  /** Literal paths, keyed by the path from the walk root. */
  paths: Map<string, number>;
  /** Wildcard rules on the entry's name (`^…$`) that can end with any character. */
  wildNames?: Wildcards;
  /** The others, by the character the name must end with (`*-PLAN.md`: `d`). */
  wildNameEnds: Map<number, Wildcards>;
  /** Wildcard rules on the path from the ignore file's folder (sticky, `…$`). */
  wildPaths?: Wildcards;
}

/** Arranges `rules` (indices into `all`) for lookup; `shared` lets the two views of a file share their regexes. */
export function buildView(rules: readonly Rule[], all: readonly Rule[], base: string, shared: Map<string, Wildcards>): RuleView {
  const view: RuleView = {
    negative: all.map((rule) => rule.negative),
    names: new Map(),
    suffixes: new Map(),
    all: -1,
    paths: new Map(),
    wildNameEnds: new Map(),
  };
  const wild: { index: number; onPath: boolean; source: string; end?: number }[] = [];
  for (const rule of rules) {
    const test = rule.test;
    if (!test) continue;
    // Later rules overwrite earlier ones: the last matching rule decides.
    if (test.kind === "name") view.names.set(test.name, rule.index);
    else if (test.kind === "path") view.paths.set(base === "" ? test.path : `${base}/${test.path}`, rule.index);
    else if (test.kind === "suffix") {
      if (test.suffix === "") view.all = rule.index;
      else {
        const key = test.suffix.charCodeAt(test.suffix.length - 1);
        const bucket = view.suffixes.get(key) ?? [];
        bucket.unshift({ index: rule.index, suffix: test.suffix });
        view.suffixes.set(key, bucket);
      }
    } else wild.push({ index: rule.index, onPath: test.kind === "wild-path", source: test.source, end: test.end });
  }
  view.wildNames = wildcards(
    wild.filter((w) => !w.onPath && w.end === undefined),
    "",
    shared,
  );
  const ends = new Set(wild.flatMap((w) => (w.end === undefined ? [] : [w.end])));
  for (const end of ends) {
    const made = wildcards(
      wild.filter((w) => w.end === end),
      "",
      shared,
    );
    if (made) view.wildNameEnds.set(end, made);
  }
  view.wildPaths = wildcards(
    wild.filter((w) => w.onPath),
    "y",
    shared,
  );
  return view;
}

/** One regular expression for the rules, shared by the two views when they hold the same ones. */
function wildcards(rules: readonly { index: number; source: string }[], flags: string, shared: Map<string, Wildcards>): Wildcards | undefined {
  if (rules.length === 0) return undefined;
  const key = `${flags}${rules.map((rule) => rule.index).join(",")}`;
  const known = shared.get(key);
  if (known) return known;
  // Alternatives are tried in order, so a match found by one regex is confirmed rule by rule from
  // the last, each rule's own regex made when first needed.
  const members = [...rules].reverse().map((rule) => ({ index: rule.index, source: rule.source }));
  const source = rules.length === 1 ? (rules[0]?.source as string) : rules.map((rule) => `(?:${rule.source})`).join("|");
  const made: Wildcards = { last: members[0]?.index as number, flags, regex: new RegExp(source, flags), members };
  shared.set(key, made);
  return made;
}

