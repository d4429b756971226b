import { eachKind } from "./each.js";
import { fileKind } from "./file.js";
import { firstKind } from "./first.js";
import { folderKind } from "./folder.js";
import { listedKind } from "./listed.js";
import { notRulesKind } from "./not-rules.js";
import type { SimpleKind, SourceKind } from "./kind.js";
import { patternKind } from "./pattern.js";
import type { RuleSourceSpec, SimpleSource } from "./types.js";
import { walkUpKind } from "./walk-up.js";

/** The kinds read as declared, by name. */
export const SIMPLE_KINDS: { readonly [K in SimpleSource["kind"]]: SimpleKind<Extract<SimpleSource, { kind: K }>> } = {
  folder: folderKind,
  file: fileKind,
  pattern: patternKind,
};

/** Every kind of source a provider may declare, by name (docs/architecture.md, "Source kinds"): a new kind is a file and a line here. */
export const SOURCE_KINDS: { readonly [K in RuleSourceSpec["kind"]]: SourceKind<Extract<RuleSourceSpec, { kind: K }>> } = {
  ...SIMPLE_KINDS,
  first: firstKind,
  "walk-up": walkUpKind,
  each: eachKind,
  "not-rules": notRulesKind,
  listed: listedKind,
};

/** The kind of a source by its name, or undefined for a name no kind has. */
export function kindNamed(name: unknown): SourceKind | undefined {
  return typeof name === "string" && Object.hasOwn(SOURCE_KINDS, name) ? (SOURCE_KINDS[name as RuleSourceSpec["kind"]] as SourceKind) : undefined;
}

/** The kind of a simple source. */
export function simpleKindOf(source: SimpleSource): SimpleKind {
  return SIMPLE_KINDS[source.kind] as SimpleKind;
}
