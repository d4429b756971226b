import { join } from "node:path";
import {
  type Provider,
  type ProviderContext,
  type RuleLevel,
  type RuleSourceSpec,
  defineProvider,
} from "@rulebook/core/provider";
import { EXTENSIONS, hasRuleFile, legacyModes, modeFolders } from "./roo-folders.js";

/** Options of {@link createRooProvider}. */
export interface RooProviderOptions {
  /** Default 25. */
  priority?: number;
}

/**
 * Makes the Roo Code provider. In the project, then in home: each `.roo/rules-<mode>/`
 * (rules named `rules-<mode>/<file>`, limited to that mode), then `.roo/rules/` (every mode);
 * `.md`, `.txt` and `.xml`, recursive, always applied. The legacy `.roorules-<mode>` and
 * `.roorules` at the project root are read only when no `rules-<mode>` (resp. `rules`) folder,
 * in the project or in home, holds a rule file, as Roo does.
 */
export function createRooProvider(options: RooProviderOptions = {}): Provider {
  return defineProvider({
    id: "roo",
    displayName: "Roo Code",
    priority: options.priority ?? 25,
    async sources(context) {
      const folders = [
        { level: "project" as const, roo: join(context.root, ".roo") },
        { level: "user" as const, roo: join(context.home, ".roo") },
      ];
      const modes = new Set<string>();
      for (const { roo } of folders) for (const mode of await modeFolders(context, roo)) modes.add(mode);
      const legacy = await legacyModes(context);

      const perLevel = new Map<RuleLevel, RuleSourceSpec[]>([["project", []], ["user", []]]);
      for (const { level, roo } of folders) {
        const sources = perLevel.get(level) ?? [];
        for (const mode of [...modes].sort()) sources.push(ruleFolder(join(roo, `rules-${mode}`), level, mode));
        sources.push(ruleFolder(join(roo, "rules"), level));
      }
      const project = perLevel.get("project") ?? [];
      for (const mode of legacy) {
        if (!(await anyHasRules(context, folders.map((f) => join(f.roo, `rules-${mode}`))))) {
          project.push(legacyFile(context, `.roorules-${mode}`, mode));
        }
      }
      if (!(await anyHasRules(context, folders.map((f) => join(f.roo, "rules"))))) project.push(legacyFile(context, ".roorules"));
      return [...project, ...(perLevel.get("user") ?? [])];
    },
  });
}

/** The Roo Code provider with its default options. */
export const rooProvider: Provider = createRooProvider();

function ruleFolder(path: string, level: RuleLevel, mode?: string): RuleSourceSpec {
  return {
    kind: "folder",
    path,
    extensions: EXTENSIONS,
    level,
    activation: "always",
    ...(mode !== undefined && { modes: [mode], namePrefix: `rules-${mode}/` }),
  };
}

function legacyFile(context: ProviderContext, file: string, mode?: string): RuleSourceSpec {
  return {
    kind: "file",
    path: join(context.root, file),
    name: file.slice(1),
    level: "project",
    activation: "always",
    ...(mode !== undefined && { modes: [mode] }),
  };
}

async function anyHasRules(context: ProviderContext, folders: readonly string[]): Promise<boolean> {
  for (const folder of folders) if (await hasRuleFile(context, folder)) return true;
  return false;
}
