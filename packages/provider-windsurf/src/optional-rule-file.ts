import {
  type Diagnostic,
  type FoundRuleFile,
  type ProviderContext,
  type ProviderResult,
  type RuleFileOptions,
  collectResults,
  createDiagnostic,
  loadRuleFile,
} from "@rulebook/core";

/**
 * Loads one rule file that may not exist, such as a legacy `.windsurfrules`. Nothing there is
 * silent; a folder or device where the file should be is a warning; a file that cannot be
 * read is an error diagnostic. Never throws.
 */
export async function loadOptionalRuleFile(
  context: ProviderContext,
  file: FoundRuleFile,
  options: RuleFileOptions,
): Promise<ProviderResult> {
  const where = { provider: options.source.provider, path: file.path };
  let found: Awaited<ReturnType<ProviderContext["fs"]["stat"]>>;
  try {
    found = await context.fs.stat(file.path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { rules: [], diagnostics: [createDiagnostic("file-unreadable", `cannot read file: ${reason}`, where)] };
  }
  if (found === undefined) return { rules: [], diagnostics: [] };
  if (found.kind !== "file") {
    const diagnostic: Diagnostic = {
      severity: "warning",
      code: "not-a-file",
      message: `expected a rule file, found a ${found.kind === "directory" ? "folder" : "special file"}; ignored`,
      ...where,
    };
    return { rules: [], diagnostics: [diagnostic] };
  }
  return collectResults([await loadRuleFile(context, file, options)]);
}
