import { join } from "node:path";
import { type FileSource, type Provider, type RuleSourceSpec, defineProvider } from "@rulebook/core/provider";
import { writeKilocodeRules } from "./write.js";

/** Rule file extensions of Kilo Code's rule folders, as Roo Code's. */
const EXTENSIONS = [".md", ".txt", ".xml"] as const;

/** Options of {@link createKilocodeProvider}. */
export interface KilocodeProviderOptions {
  /** Default 25. */
  priority?: number;
}

/**
 * Makes the Kilo Code provider: each `.kilocode/rules-<mode>/` of the project (rules named
 * `rules-<mode>/<file>`, limited to that mode; the legacy `.kilocoderules-<mode>` when that
 * folder has no rule file), `.kilocode/rules/` (every mode), then the user's
 * `~/.kilocode/rules/`; the legacy `.kilocoderules` only when neither rules folder has a rule
 * file. `.md`, `.txt` and `.xml`, recursive, always applied.
 */
export function createKilocodeProvider(options: KilocodeProviderOptions = {}): Provider {
  return defineProvider({
    id: "kilocode",
    displayName: "Kilo Code",
    priority: options.priority ?? 25,
    write: writeKilocodeRules,
    sources: ({ root, home }) => {
      const kilo = join(root, ".kilocode");
      const always = { activation: "always", extensions: EXTENSIONS } as const;
      const rules = [join(kilo, "rules"), join(home, ".kilocode", "rules")] as const;
      return [
        {
          kind: "each",
          in: kilo,
          prefix: "rules-",
          entries: "folder",
          source: (mode, path) => ({ kind: "folder", path, level: "project", modes: [mode], namePrefix: `rules-${mode}/`, ...always }),
        },
        {
          kind: "each",
          in: root,
          prefix: ".kilocoderules-",
          entries: "file",
          source: (mode, path) => ({ kind: "first", of: [{ check: join(kilo, `rules-${mode}`), extensions: EXTENSIONS }, legacyFile(path, `kilocoderules-${mode}`, mode)] }),
        },
        { kind: "folder", path: rules[0], level: "project", ...always },
        {
          kind: "first",
          of: [...rules.map((check) => ({ check, extensions: EXTENSIONS })), legacyFile(join(root, ".kilocoderules"), "kilocoderules")],
        },
        { kind: "folder", path: rules[1], level: "user", ...always },
      ] satisfies RuleSourceSpec[];
    },
  });
}

/** The Kilo Code provider with its default options. */
export const kilocodeProvider: Provider = createKilocodeProvider();

function legacyFile(path: string, name: string, mode?: string): FileSource {
  return { kind: "file", path, name, level: "project", activation: "always", ...(mode !== undefined && { modes: [mode] }) };
}
