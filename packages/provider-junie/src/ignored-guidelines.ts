import { join } from "node:path";
import { type ProviderContext, type ProviderResult, createDiagnostic } from "@rulebook/core/provider";

/**
 * A warning for each legacy guidelines file or folder next to `.junie/AGENTS.md`: Junie reads
 * `AGENTS.md` first and ignores them, so what they say reaches neither Junie nor Rulebook.
 */
export async function reportIgnoredGuidelines(context: ProviderContext): Promise<ProviderResult> {
  const junie = join(context.root, ".junie");
  const agents = join(junie, "AGENTS.md");
  if (!(await exists(context, agents))) return { rules: [], diagnostics: [] };
  const diagnostics = [];
  for (const legacy of [join(junie, "guidelines.md"), join(junie, "guidelines")]) {
    if (!(await exists(context, legacy))) continue;
    const message = `${legacy} is ignored: Junie reads ${agents} instead when it exists; move what it says there, or delete it`;
    diagnostics.push(createDiagnostic("junie-guidelines-ignored", message, { path: legacy, provider: "junie", severity: "warning" }));
  }
  return { rules: [], diagnostics };
}

async function exists(context: ProviderContext, path: string): Promise<boolean> {
  try {
    return (await context.fs.stat(path)) !== undefined;
  } catch {
    return false;
  }
}
