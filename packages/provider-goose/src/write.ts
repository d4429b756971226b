import { type ExportOutput, type Rule, writeSingleFile } from "@rulebook/core/provider";

/**
 * Writes rules as goose's `.goosehints` files (block/goose, using-goosehints.md): one per scope
 * folder, always read there; several rules in one folder become sections, other activations are
 * written as always (all reported).
 */
export function writeGooseRules(rules: readonly Rule[]): ExportOutput {
  return writeSingleFile(rules, { target: "goose", nested: true, file: ".goosehints", name: "goosehints" });
}
