import { EXPORT_MARKER } from "../export/marker.js";
import type { InPlaceRule } from "../export/plan.js";
import type { ExportLoss } from "../export/types.js";
import { partitionRules } from "../rule/partition.js";
import type { Rule } from "../rule/types.js";

/** How one source rule came back after an export to a target and a read with that target alone. */
export interface RoundTripVerdict {
  rule: string;
  /**
   * `exact`: read back the same; `in-place`: the target's own rule, left where it is; `loss`:
   * the export reported what it could not express; `wrong`: neither.
   */
  verdict: "exact" | "in-place" | "loss" | "wrong";
  /** For `wrong`: the first field that differs. */
  why?: string;
}

/** Where the written files are, to find a rule read back under another name (`GEMINI` for the one rule of `GEMINI.md`). */
export interface JudgeOptions {
  /** The absolute project root the files were written under. */
  root: string;
  /** The files written, each with the rules it holds. */
  files: ReadonlyArray<{ path: string; rules: readonly string[] }>;
}

/**
 * Judges each source rule against what the target read back (by name): the target's own rules
 * are in place; a rule with a reported loss is a loss, unless it now applies more widely with
 * no warning, or the only loss is its name and the file holding it alone reads back the same
 * (exact); any other is exact when {@link differingField} finds nothing, else wrong.
 */
export function judgeReadBack(
  rules: readonly Rule[],
  readBack: readonly Rule[],
  plan: { losses: readonly ExportLoss[]; inPlace: readonly InPlaceRule[] },
  where?: JudgeOptions,
): RoundTripVerdict[] {
  const byName = new Map(readBack.map((r) => [r.name, r]));
  const lossy = new Set(plan.losses.map((l) => l.rule));
  const warned = new Set(plan.losses.filter((l) => l.severity === "warning").map((l) => l.rule));
  const renamedOnly = new Set(plan.losses.filter((l) => l.part === "name").map((l) => l.rule));
  for (const l of plan.losses) if (l.part !== "name") renamedOnly.delete(l.rule);
  const inPlace = new Set(plan.inPlace.map((r) => r.rule));
  const byPath = new Map(readBack.map((r) => [r.path.replaceAll("\\", "/"), r]));
  const alone = (name: string) => {
    const file = where?.files.find((f) => f.rules.length === 1 && f.rules[0] === name);
    return file && where ? byPath.get(`${where.root.replaceAll("\\", "/").replace(/\/+$/, "")}/${file.path}`) : undefined;
  };
  return rules.map((rule): RoundTripVerdict => {
    if (inPlace.has(rule.name)) return { rule: rule.name, verdict: "in-place" };
    const back = byName.get(rule.name);
    if (renamedOnly.has(rule.name)) {
      const renamed = alone(rule.name);
      if (renamed && differingField(rule, renamed) === undefined) return { rule: rule.name, verdict: "exact" };
    }
    if (lossy.has(rule.name)) {
      const wider = back && !warned.has(rule.name) ? widening(rule, back) : undefined;
      return wider ? { rule: rule.name, verdict: "wrong", why: `${wider}, with no warning` } : { rule: rule.name, verdict: "loss" };
    }
    const why = back ? differingField(rule, back) : "not read back";
    return why ? { rule: rule.name, verdict: "wrong", why } : { rule: rule.name, verdict: "exact" };
  });
}

/** The read-back rules whose text holds the export marker (it must never reach a rule's text). */
export function markersInText(readBack: readonly Rule[]): Rule[] {
  return readBack.filter((rule) => rule.content.includes(EXPORT_MARKER));
}

/**
 * The first field in which `back` differs from `source`, or `undefined` when they are the same
 * rule. Globs are compared as sets, each without a leading `./` or `/` (which Rulebook reads as
 * the same glob); the body is compared as read, marker and all.
 */
export function differingField(source: Rule, back: Rule): string | undefined {
  const category = (r: Rule) => partitionRules([r]).all[0]?.category;
  const set = (list: readonly string[] | undefined) => JSON.stringify([...new Set(list ?? [])].sort());
  const globs = (list: readonly string[] | undefined) => set(list?.map(sameGlob));
  if (category(source) !== category(back)) return `category ${category(source)} → ${category(back)}`;
  if ((source.scope ?? "") !== (back.scope ?? "")) return `scope ${source.scope ?? "(root)"} → ${back.scope ?? "(root)"}`;
  if (globs(source.globs) !== globs(back.globs)) return `globs ${set(source.globs)} → ${set(back.globs)}`;
  if (source.globs !== undefined && Boolean(source.globsIgnoreCase) !== Boolean(back.globsIgnoreCase)) return "glob case";
  if ((source.description ?? "") !== (back.description ?? "")) return "description";
  if (set(source.modes) !== set(back.modes)) return `modes ${set(source.modes)} → ${set(back.modes)}`;
  if (set(source.condition) !== set(back.condition)) return "condition";
  if (back.content !== source.content.trim()) return "body";
  return undefined;
}

const RANK: Record<string, number> = { "always-apply": 4, "auto-attach": 3, rulebook: 2, ttsr: 1, inactive: 0 };

/**
 * How `back` applies more widely than `source`, or `undefined`: a broader category (modes set
 * aside), files outside the source's scope, or every mode where the source had some. Such a
 * change needs a warning, never only an info (docs/behaviour.md#export).
 */
export function widening(source: Rule, back: Rule): string | undefined {
  const rank = (r: Rule) => {
    const { modes: _modes, ...rest } = r;
    return RANK[partitionRules([rest]).all[0]?.category ?? "inactive"] ?? 0;
  };
  if (rank(back) > rank(source)) return "applies more broadly";
  // A rule that never applies by itself (read by name only) has no files to apply to.
  if (rank(back) === 0) return undefined;
  const scope = source.scope;
  if (scope !== undefined && back.scope !== scope && !(back.scope ?? "").startsWith(`${scope}/`)) {
    const included = (back.globs ?? []).filter((g) => !g.startsWith("!"));
    if (included.length === 0 || !included.every((g) => sameGlob(g).startsWith(`${scope}/`))) return `applies outside ${scope}/`;
  }
  if (source.modes && source.modes.length > 0 && !(back.modes && back.modes.length > 0)) return "applies in every mode";
  return undefined;
}

/** A glob without the leading `./` or `/` that means the folder globs are relative to. */
function sameGlob(glob: string): string {
  const negated = glob.startsWith("!");
  const bare = (negated ? glob.slice(1) : glob).replace(/^(?:\.\/|\/)+/, "");
  return negated ? `!${bare}` : bare;
}
