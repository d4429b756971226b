import { join } from "node:path";
import { type FileSource, type FolderSource, type Provider, type RuleLevel, type RuleSourceSpec, defineProvider } from "@rulebook/core/provider";
import { writeRooRules } from "./write.js";

export { writeRooRules } from "./write.js";

/** Rule file extensions of Roo Code's rule folders (its own rule files are mostly XML). */
const EXTENSIONS = [".md", ".txt", ".xml"] as const;

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
    write: writeRooRules,
    sources: ({ root, home }) => {
      const project = join(root, ".roo");
      const user = join(home, ".roo");
      // Roo falls back to a legacy file only when neither its project nor its home folder has a rule file.
      const unlessRules = (folder: string) => [
        { check: join(project, folder), extensions: EXTENSIONS },
        { check: join(user, folder), extensions: EXTENSIONS },
      ];
      return [
        modeFolders(project, "project"),
        ruleFolder(join(project, "rules"), "project"),
        {
          kind: "each",
          in: root,
          prefix: ".roorules-",
          entries: "file",
          source: (mode, path) => ({ kind: "first", of: [...unlessRules(`rules-${mode}`), legacyFile(path, mode)] }),
        },
        { kind: "first", of: [...unlessRules("rules"), legacyFile(join(root, ".roorules"))] },
        modeFolders(user, "user"),
        ruleFolder(join(user, "rules"), "user"),
        // Roo's slash commands and skills are not rules: counted, never read.
        { kind: "not-rules", what: "command", folder: ".roo/commands", extensions: [".md"] },
        { kind: "not-rules", what: "skill", folder: ".roo/skills", file: "SKILL.md" },
      ] satisfies RuleSourceSpec[];
    },
  });
}

/** The Roo Code provider with its default options. */
export const rooProvider: Provider = createRooProvider();

/** Each `rules-<mode>` folder of a `.roo` folder, limited to its mode, its rules named `rules-<mode>/<file>`. */
function modeFolders(roo: string, level: RuleLevel): RuleSourceSpec {
  return { kind: "each", in: roo, prefix: "rules-", entries: "folder", source: (mode, path) => ruleFolder(path, level, mode) };
}

function ruleFolder(path: string, level: RuleLevel, mode?: string): FolderSource {
  return {
    kind: "folder",
    path,
    extensions: EXTENSIONS,
    level,
    activation: "always",
    ...(mode !== undefined && { modes: [mode], namePrefix: `rules-${mode}/` }),
  };
}

/** A legacy `.roorules` or `.roorules-<mode>` file at the project root, named without its dot. */
function legacyFile(path: string, mode?: string): FileSource {
  const name = mode === undefined ? "roorules" : `roorules-${mode}`;
  return { kind: "file", path, name, level: "project", activation: "always", ...(mode !== undefined && { modes: [mode] }) };
}
