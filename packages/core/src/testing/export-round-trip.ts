import { type ExportPlan, planExport } from "../export/plan.js";
import { loadRules } from "../load/load.js";
import type { Provider } from "../provider/provider.js";
import type { Rule } from "../rule/types.js";
import { type RoundTripVerdict, judgeReadBack } from "./export-judge.js";
import { memoryFs } from "./test-fs.js";

export type { RoundTripVerdict } from "./export-judge.js";

/** What {@link checkExportRoundTrip} found. */
export interface RoundTripResult {
  plan: ExportPlan;
  readBack: Rule[];
  verdicts: RoundTripVerdict[];
  exact: string[];
  /** Rules the target's own provider read: left where they are. */
  inPlace: string[];
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
  const plan = planExport(rules, [provider], { root: ROOT });
  const fs = memoryFs(Object.fromEntries(plan.files.map((f) => [`${ROOT}/${f.path}`, f.content])));
  const loaded = await loadRules([provider], { cwd: ROOT, root: ROOT, home: HOME, fs });
  const readBack = [...loaded.rules, ...loaded.duplicates.map((d) => d.rule), ...loaded.copies.map((c) => c.rule)];
  const verdicts = judgeReadBack(rules, readBack, plan, { root: ROOT, files: plan.files });
  return {
    plan,
    readBack,
    verdicts,
    exact: verdicts.filter((v) => v.verdict === "exact").map((v) => v.rule),
    inPlace: verdicts.filter((v) => v.verdict === "in-place").map((v) => v.rule),
    lost: verdicts.filter((v) => v.verdict === "loss").map((v) => v.rule),
    wrong: verdicts.filter((v) => v.verdict === "wrong"),
  };
}
