import { type ExportOutput, type Rule, writeSingleFile } from "@rulebook/core/provider";

/**
 * Writes rules as Crush's `CRUSH.md` (github.com/charmbracelet/crush): one always-read file at
 * the project root, as Crush reads it only in the folder it works in; nested rules are folded
 * to the root, several rules become sections, other activations are written as always (all reported).
 */
export function writeCrushRules(rules: readonly Rule[]): ExportOutput {
  return writeSingleFile(rules, { target: "crush", nested: false, file: "CRUSH.md", name: "CRUSH" });
}
