import { type MapFields, readGlobList } from "@rulebook/core/provider";

/** `applyTo` values that Copilot reads as "every file". */
const EVERY_FILE = new Set(["*", "**", "**/*"]);

/**
 * Copilot's `applyTo` glob as Rulebook matches it: a leading `/` anchors it at the project
 * root (removed), `**\/…` is kept, anything else gets `**\/` in front, as VS Code does; a
 * leading `!` is kept in front of the result.
 */
export function copilotGlob(pattern: string): string {
  const negated = pattern.startsWith("!");
  const bare = negated ? pattern.slice(1) : pattern;
  const glob = bare.startsWith("/") ? bare.replace(/^\/+/, "") : bare.startsWith("**/") ? bare : `**/${bare}`;
  return negated ? `!${glob}` : glob;
}

/**
 * The field mapping of a `.instructions.md` file: `applyTo` (a comma-separated string, or a
 * YAML list, read by the core's `readGlobList` as `globs` is) decides; `*`, `**` or `**\/*`
 * applies it always, other patterns attach it to the files they match (its description is then
 * not used, as Copilot applies it without asking), matched ignoring case as Copilot does; no
 * `applyTo` offers it by its description,
 * or leaves it inactive with an info diagnostic. Copilot reads neither `globs` nor
 * `alwaysApply`, so neither does this mapping.
 */
export const applyApplyTo: MapFields = (fields, data, context) => {
  const { globs: _globs, alwaysApply: _always, ...rest } = fields;
  const value = data.applyTo;
  const inactive = (code: string, message: string) => {
    if (rest.description !== undefined) return rest;
    const why = `${message}; Copilot does not apply it, and without a description it is inactive`;
    context.report(code, why, { severity: "info", ...(value !== undefined && { key: "applyTo" }) });
    return rest;
  };
  if (value === undefined || value === null) return inactive("apply-to-missing", `"${context.file.name}" has no applyTo`);
  const read = readGlobList(value, "applyTo");
  for (const d of read.diagnostics) context.report(d.code, d.message, { severity: d.severity, key: "applyTo" });
  const patterns = read.globs;
  if (!patterns) return read.diagnostics.length > 0 ? rest : inactive("apply-to-empty", `"${context.file.name}" has an empty applyTo`);
  if (patterns.some((p) => EVERY_FILE.has(p))) return { ...withoutDescription(rest), alwaysApply: true };
  return { ...withoutDescription(rest), globs: patterns.map(copilotGlob), globsIgnoreCase: true };
};

function withoutDescription<T extends { description?: string }>(fields: T): Omit<T, "description"> {
  const { description: _description, ...rest } = fields;
  return rest;
}
