import { join } from "node:path";
import { type FileSource, type Provider, type RuleSourceSpec, applyPathsKey, defineProvider } from "@rulebook/core/provider";
import { writeKilocodeRules } from "./write.js";

/** Rule file extensions of Kilo Code's rule folders, as Roo Code's. */
const EXTENSIONS = [".md", ".txt", ".xml"] as const;

/** Options of {@link createKilocodeProvider}. */
export interface KilocodeProviderOptions {
  /** Default 25. */
  priority?: number;
}

/**
 * Makes the Kilo Code provider. Kilo Code 7 reads `.kilo/rules/` before `.kilocode/rules/` (a
 * file name in the first wins), and their `rules-<mode>/` folders likewise; Kilo Code 5 reads
 * the `.kilocode` ones. So, in order: each `.kilo/rules-<mode>/` and `.kilocode/rules-<mode>/`
 * (rules named `rules-<mode>/<file>`, limited to that mode; the legacy `.kilocoderules-<mode>`
 * when the `.kilocode` folder has no rule file), `.kilo/rules/`, `.kilocode/rules/` (every mode),
 * then the user's `~/.kilo/rules/` and `~/.kilocode/rules/`; the legacy `.kilocoderules` only when
 * no rules folder has a rule file. Always applied, or attached by a `paths` frontmatter list.
 */
export function createKilocodeProvider(options: KilocodeProviderOptions = {}): Provider {
  return defineProvider({
    id: "kilocode",
    displayName: "Kilo Code",
    priority: options.priority ?? 25,
    write: writeKilocodeRules,
    sources: ({ root, home }) => {
      const kilo = join(root, ".kilocode");
      const seven = join(root, ".kilo");
      const always = { activation: "always", mapFields: applyPathsKey } as const;
      const legacy = { ...always, extensions: EXTENSIONS } as const;
      const current = { ...always, extensions: [".md"] } as const;
      const rules = [join(seven, "rules"), join(kilo, "rules"), join(home, ".kilo", "rules"), join(home, ".kilocode", "rules")] as const;
      return [
        {
          kind: "each",
          in: seven,
          prefix: "rules-",
          entries: "folder",
          source: (mode, path) => ({ kind: "folder", path, level: "project", modes: [mode], namePrefix: `rules-${mode}/`, ...current }),
        },
        {
          kind: "each",
          in: kilo,
          prefix: "rules-",
          entries: "folder",
          source: (mode, path) => ({ kind: "folder", path, level: "project", modes: [mode], namePrefix: `rules-${mode}/`, ...legacy }),
        },
        {
          kind: "each",
          in: root,
          prefix: ".kilocoderules-",
          entries: "file",
          source: (mode, path) => ({
            kind: "first",
            of: [{ check: join(kilo, `rules-${mode}`), extensions: EXTENSIONS }, legacyFile(path, `kilocoderules-${mode}`, mode)],
          }),
        },
        { kind: "folder", path: rules[0], level: "project", ...current },
        { kind: "folder", path: rules[1], level: "project", ...legacy },
        {
          kind: "first",
          of: [...rules.map((check) => ({ check, extensions: EXTENSIONS })), legacyFile(join(root, ".kilocoderules"), "kilocoderules")],
        },
        { kind: "folder", path: rules[2], level: "user", ...current },
        { kind: "folder", path: rules[3], level: "user", ...legacy },
        // Workflows (`/name.md` in chat) are not rules: counted, never read.
        { kind: "not-rules", what: "command", folder: ".kilocode/workflows", extensions: [".md"] },
      ] satisfies RuleSourceSpec[];
    },
  });
}

/** The Kilo Code provider with its default options. */
export const kilocodeProvider: Provider = createKilocodeProvider();

function legacyFile(path: string, name: string, mode?: string): FileSource {
  return { kind: "file", path, name, level: "project", activation: "always", ...(mode !== undefined && { modes: [mode] }) };
}
