import { type ExportOutput, type Rule, writeSingleFile } from "@rulebook/core/provider";

/**
 * Writes rules as `GEMINI.md` files (geminicli.com/docs/cli/gemini-md): one per scope folder, always read; several
 * rules in one folder become sections, other activations are written as always (all reported).
 */
export function writeGeminiRules(rules: readonly Rule[]): ExportOutput {
  return writeSingleFile(rules, { target: "gemini", nested: true, file: "GEMINI.md", name: "GEMINI" });
}
