import { type ExportOutput, type Rule, writeSingleFile } from "@rulebook/core/provider";

/**
 * Writes rules as Junie's guidelines (jetbrains.com/help/junie/customize-guidelines.html):
 * one always-read `.junie/guidelines.md` at the project root; several rules become sections
 * and other activations are written as always (all reported). Junie reads `.junie/AGENTS.md`
 * instead when that file exists.
 */
export function writeJunieRules(rules: readonly Rule[]): ExportOutput {
  return writeSingleFile(rules, { target: "junie", nested: false, file: ".junie/guidelines.md", name: "junie/guidelines" });
}
