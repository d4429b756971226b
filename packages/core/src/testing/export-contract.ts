import { hasExportMarker } from "../export/marker.js";
import type { Provider } from "../provider/provider.js";
import { checkExportRoundTrip } from "./export-round-trip.js";
import { EXPORT_SAMPLE_RULES } from "./export-samples.js";

/**
 * The contract of a write side: the sample rules, written and read back with the provider
 * alone, are each exact or a reported loss; every file carries the export marker and stays
 * inside the project; every file and loss names the provider as its target (`rulebook export`
 * reports them by target).
 */
export async function checkWriteSide(provider: Provider): Promise<string[]> {
  const result = await checkExportRoundTrip(provider, EXPORT_SAMPLE_RULES);
  const problems = result.wrong.map((w) => `rule "${w.rule}" was read back wrong (${w.why}) and no loss was reported`);
  for (const file of result.plan.files) {
    if (!hasExportMarker(file.content)) problems.push(`${file.path} has no export marker`);
    if (file.path.startsWith("/") || file.path.split("/").includes("..")) problems.push(`${file.path} is not inside the project`);
    if (file.target !== provider.id) problems.push(`${file.path} names the target "${file.target}", not "${provider.id}"`);
  }
  for (const loss of result.plan.losses) {
    if (loss.target !== provider.id)
      problems.push(`the loss of rule "${loss.rule}" (${loss.part}) names the target "${loss.target}", not "${provider.id}"`);
  }
  return problems;
}
