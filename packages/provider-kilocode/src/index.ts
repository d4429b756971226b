import { join } from "node:path";
import { type Provider, type RuleSourceSpec, defineProvider } from "@rulebook/core/provider";
import { EXTENSIONS, hasRuleFile, legacyModes, modeFolders } from "./kilo-folders.js";

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
    async sources(context) {
      const kilo = join(context.root, ".kilocode");
      const always = { activation: "always", extensions: EXTENSIONS } as const;
      const sources: RuleSourceSpec[] = [];
      for (const mode of await modeFolders(context, kilo)) {
        const folder = join(kilo, `rules-${mode}`);
        sources.push({ kind: "folder", path: folder, level: "project", modes: [mode], namePrefix: `rules-${mode}/`, ...always });
      }
      for (const mode of await legacyModes(context)) {
        if (await hasRuleFile(context, join(kilo, `rules-${mode}`))) continue;
        const name = `kilocoderules-${mode}`;
        sources.push({ kind: "file", path: join(context.root, `.${name}`), name, level: "project", activation: "always", modes: [mode] });
      }
      const rules = [join(kilo, "rules"), join(context.home, ".kilocode", "rules")] as const;
      sources.push({ kind: "folder", path: rules[0], level: "project", ...always });
      if (!(await hasRuleFile(context, rules[0])) && !(await hasRuleFile(context, rules[1]))) {
        sources.push({ kind: "file", path: join(context.root, ".kilocoderules"), name: "kilocoderules", level: "project", activation: "always" });
      }
      sources.push({ kind: "folder", path: rules[1], level: "user", ...always });
      return sources;
    },
  });
}

/** The Kilo Code provider with its default options. */
export const kilocodeProvider: Provider = createKilocodeProvider();
