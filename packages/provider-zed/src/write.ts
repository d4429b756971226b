import { type ExportOutput, type Rule, writeSingleFile } from "@rulebook/core/provider";

/**
 * Writes rules as Zed's `.rules` (zed.dev/docs/ai/rules): one always-read file at the project
 * root, first in the list of files Zed looks for, so it wins over any other tool's file there;
 * nested rules are folded to the root, several rules become sections, other activations are
 * written as always (all reported).
 */
export function writeZedRules(rules: readonly Rule[]): ExportOutput {
  return writeSingleFile(rules, { target: "zed", nested: false, file: ".rules", name: "rules" });
}
