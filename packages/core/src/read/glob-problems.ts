import { globProblem } from "../glob/compile.js";
import { createDiagnostic } from "../rule/diagnostics.js";
import type { Diagnostic } from "../rule/types.js";
import { shortenText } from "../text/text-cut.js";

// The keys globs come from, in every format: the shared `globs`, then the formats' own.
const GLOB_KEYS = ["globs", "applyTo", "fileMatchPattern", "paths"] as const;

/**
 * A `globs-invalid` warning for each of a rule's globs that cannot be compiled (`[unclosed`, an
 * extglob, past the bounds), on the line of the key it came from: such a glob matches no file,
 * which its author would otherwise never learn (docs/behaviour.md#diagnostics).
 */
export function globProblemDiagnostics(
  globs: readonly string[] | undefined,
  keyLines: Readonly<Record<string, number>>,
  where: { path: string; provider: string },
): Diagnostic[] {
  if (globs === undefined) return [];
  const diagnostics: Diagnostic[] = [];
  for (const glob of globs) {
    const problem = globProblem(glob);
    if (problem === undefined) continue;
    const key = GLOB_KEYS.find((k) => Object.hasOwn(keyLines, k));
    const message = `glob ${JSON.stringify(shortenText(glob, 80))} cannot be used: ${problem}; it matches no file`;
    diagnostics.push(createDiagnostic("globs-invalid", message, { ...where, ...(key !== undefined && { line: keyLines[key] }) }));
  }
  return diagnostics;
}
