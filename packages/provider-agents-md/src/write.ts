import { type ExportOutput, type Rule, writeSingleFile } from "@rulebook/core/provider";

/**
 * Writes rules as `AGENTS.md` files (agents.md): one per scope folder, always read; several
 * rules in one folder become sections, other activations are written as always (all reported).
 */
export function writeAgentsMdRules(rules: readonly Rule[]): ExportOutput {
  return writeSingleFile(rules, { target: "agents-md", nested: true, file: "AGENTS.md", name: "AGENTS" });
}
