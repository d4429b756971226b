import { withoutExportMarker } from "../export/marker.js";
import { type ExportPlan, planExport } from "../export/plan.js";
import { loadRules } from "../load/load.js";
import { partitionRules } from "../rule/partition.js";
import type { Provider } from "../provider/provider.js";
import type { Rule } from "../rule/types.js";
import { memoryFs } from "./test-fs.js";

/** How one source rule came back after an export to a target and a read with that target alone. */
export interface RoundTripVerdict {
  rule: string;
  /** `exact`: read back the same; `loss`: the export reported what it could not express; `wrong`: neither. */
  verdict: "exact" | "loss" | "wrong";
  /** For `wrong`: the first field that differs. */
  why?: string;
}

/** What {@link checkExportRoundTrip} found. */
export interface RoundTripResult {
  plan: ExportPlan;
  readBack: Rule[];
  verdicts: RoundTripVerdict[];
  exact: string[];
  lost: string[];
  wrong: RoundTripVerdict[];
}

const ROOT = "/rulebook-export/proj";
const HOME = "/rulebook-export/home";

/**
 * Exports `rules` with `provider`'s write side into an in-memory project, reads them back
 * with `provider` alone, and compares each rule's category, scope, globs (as sets),
 * description, modes, condition and body: every rule is exact, or has a reported loss, or is wrong.
 */
export async function checkExportRoundTrip(provider: Provider, rules: readonly Rule[]): Promise<RoundTripResult> {
  const plan = planExport(rules, [provider]);
  const fs = memoryFs(Object.fromEntries(plan.files.map((f) => [`${ROOT}/${f.path}`, f.content])));
  const loaded = await loadRules([provider], { cwd: ROOT, root: ROOT, home: HOME, fs });
  const readBack = [...loaded.rules, ...loaded.duplicates.map((d) => d.rule)];
  const byName = new Map(readBack.map((r) => [r.name, r]));
  const lossy = new Set(plan.losses.map((l) => l.rule));
  const verdicts = rules.map((rule): RoundTripVerdict => {
    if (lossy.has(rule.name)) return { rule: rule.name, verdict: "loss" };
    const back = byName.get(rule.name);
    const why = back ? differingField(rule, back) : "not read back";
    return why ? { rule: rule.name, verdict: "wrong", why } : { rule: rule.name, verdict: "exact" };
  });
  return {
    plan,
    readBack,
    verdicts,
    exact: verdicts.filter((v) => v.verdict === "exact").map((v) => v.rule),
    lost: verdicts.filter((v) => v.verdict === "loss").map((v) => v.rule),
    wrong: verdicts.filter((v) => v.verdict === "wrong"),
  };
}

/** The first field in which `back` differs from `source`, or `undefined` when they are the same rule. */
export function differingField(source: Rule, back: Rule): string | undefined {
  const category = (r: Rule) => partitionRules([r]).all[0]?.category;
  const set = (list: readonly string[] | undefined) => JSON.stringify([...new Set(list ?? [])].sort());
  if (category(source) !== category(back)) return `category ${category(source)} → ${category(back)}`;
  if ((source.scope ?? "") !== (back.scope ?? "")) return `scope ${source.scope ?? "(root)"} → ${back.scope ?? "(root)"}`;
  if (set(source.globs) !== set(back.globs)) return `globs ${set(source.globs)} → ${set(back.globs)}`;
  if (source.globs !== undefined && Boolean(source.globsIgnoreCase) !== Boolean(back.globsIgnoreCase)) return "glob case";
  if ((source.description ?? "") !== (back.description ?? "")) return "description";
  if (set(source.modes) !== set(back.modes)) return `modes ${set(source.modes)} → ${set(back.modes)}`;
  if (set(source.condition) !== set(back.condition)) return "condition";
  if (withoutExportMarker(back.content) !== source.content.trim()) return "body";
  return undefined;
}
