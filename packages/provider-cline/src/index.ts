import { dirname } from "node:path";
import {
  type Diagnostic,
  type Provider,
  type ProviderContext,
  type ProviderResult,
  alwaysApplyUnlessSet,
  collectResults,
  createDiagnostic,
  defineProvider,
  joinPath,
  loadRuleFile,
  loadRuleFolder,
} from "@rulebook/core";

const source = { provider: "cline", providerName: "Cline", level: "project" } as const;

/** Where the nearest `.clinerules` is, if any, and what went wrong on the way. */
interface Search {
  found?: { path: string; kind: "file" | "directory" };
  diagnostics: Diagnostic[];
}

/**
 * Finds the nearest `.clinerules` walking up from `cwd` to the filesystem root. A level that
 * cannot be checked is reported and skipped; a device or socket there ends the walk.
 */
async function findClineRules(context: ProviderContext): Promise<Search> {
  const diagnostics: Diagnostic[] = [];
  for (let dir = context.cwd; ; dir = dirname(dir)) {
    const path = joinPath(dir, ".clinerules");
    try {
      const found = await context.fs.stat(path);
      if (found?.kind === "file" || found?.kind === "directory") return { found: { path, kind: found.kind }, diagnostics };
      if (found !== undefined) {
        const message = "expected a .clinerules file or folder, found a special file; ignored";
        diagnostics.push(createDiagnostic("not-a-file", message, { provider: "cline", path }));
        return { diagnostics };
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      diagnostics.push(createDiagnostic("file-unreadable", `cannot check ${path}: ${reason}`, { provider: "cline", path }));
    }
    if (dirname(dir) === dir) return { diagnostics };
  }
}

/**
 * The Cline provider: the nearest `.clinerules` walking up from `cwd`; a folder gives its
 * `.md` files, a file gives the always-apply rule `clinerules`. Project level, priority 40.
 */
export const clineProvider: Provider = defineProvider({
  id: "cline",
  displayName: "Cline",
  priority: 40,
  async load(context): Promise<ProviderResult> {
    const { found, diagnostics } = await findClineRules(context);
    if (!found) return { rules: [], diagnostics };
    if (found.kind === "directory") {
      const result = await loadRuleFolder(context, found.path, { extensions: [".md"], source });
      return { rules: result.rules, diagnostics: [...diagnostics, ...result.diagnostics] };
    }
    // Like the legacy files of Cursor and Windsurf, a single `.clinerules` file always applies unless it says otherwise.
    const file = { path: found.path, name: "clinerules" };
    return collectResults([await loadRuleFile(context, file, { source, mapFields: alwaysApplyUnlessSet })], diagnostics);
  },
});
