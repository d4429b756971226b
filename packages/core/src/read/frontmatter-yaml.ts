import type { Document, Node } from "yaml";
import { createDiagnostic } from "../rule/diagnostics.js";
import { errorLine } from "../text/error-text.js";
import type { FrontmatterData } from "./frontmatter-types.js";
import { lazyRequire } from "../support/lazy-require.js";
import type { Diagnostic } from "../rule/types.js";

const loadYaml = lazyRequire<typeof import("yaml")>("yaml");

/** Where the frontmatter came from, copied into diagnostics. */
export interface YamlWhere {
  path?: string;
  provider?: string;
}

/**
 * Parses a frontmatter block (lines 2… of the file) with the `yaml` package; undefined when
 * it is not valid YAML, with a located `yaml-invalid` diagnostic (the caller then reads it
 * line by line). Linear: the package's own duplicate-key check compares every key with every
 * other (minutes on a large block), so keys are checked here with one set per mapping,
 * with the same outcome. The package never writes to stderr: a key that is a list or a
 * mapping, which it would warn about, is a diagnostic and is left out.
 */
export function parseYamlBlock(yamlText: string, diagnostics: Diagnostic[], where: YamlWhere): FrontmatterData | undefined {
  if (yamlText.trim() === "") return {};
  const yaml = loadYaml();
  const lineCounter = new yaml.LineCounter();
  // The block starts on line 2 of the file.
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + 1;
  const invalid = (message: string, line: number) => {
    const text = `frontmatter is not valid YAML (${message}); read line by line instead`;
    diagnostics.push(createDiagnostic("yaml-invalid", text, { ...where, line }));
    return undefined;
  };
  try {
    const doc = yaml.parseDocument(yamlText, { prettyErrors: false, uniqueKeys: false, logLevel: "error", lineCounter });
    const error = doc.errors[0];
    if (error) return invalid(error.message.split("\n")[0] ?? "invalid YAML", lineAt(error.pos[0]));
    const duplicate = checkKeys(doc, yaml, lineAt, diagnostics, where);
    if (duplicate !== undefined) return invalid("Map keys must be unique", duplicate);
    const value: unknown = doc.toJS({ maxAliasCount: 100 });
    if (value === null || value === undefined) return {};
    if (typeof value !== "object" || Array.isArray(value)) {
      const message = "frontmatter is not a list of `key: value` pairs; ignored";
      diagnostics.push(createDiagnostic("frontmatter-not-mapping", message, { ...where, line: 2 }));
      return {};
    }
    return value as FrontmatterData;
  } catch (error) {
    // yaml throws (rather than reporting) for alias bombs past maxAliasCount.
    const text = `frontmatter could not be read as YAML (${errorLine(error)}); read line by line instead`;
    diagnostics.push(createDiagnostic("yaml-invalid", text, { ...where, line: 2 }));
    return undefined;
  }
}

/**
 * Walks every mapping of the document once (no recursion: nesting depth is the file's
 * choice): returns the file line of the first duplicate scalar key, and removes keys that
 * are lists or mappings with one `frontmatter-key-invalid` warning.
 */
function checkKeys(
  doc: Document,
  yaml: typeof import("yaml"),
  lineAt: (offset: number) => number,
  diagnostics: Diagnostic[],
  where: YamlWhere,
): number | undefined {
  const lineOf = (node: Node | null | undefined) => (node?.range ? lineAt(node.range[0]) : 2);
  const stack: unknown[] = [doc.contents];
  let collectionKeys = 0;
  let firstCollectionKey: Node | undefined;
  while (stack.length > 0) {
    const node = stack.pop();
    if (yaml.isSeq(node)) for (const item of node.items) stack.push(item);
    if (!yaml.isMap(node)) continue;
    const seen = new Set<unknown>();
    const kept = node.items.filter((pair) => {
      if (yaml.isCollection(pair.key)) {
        collectionKeys++;
        firstCollectionKey ??= pair.key;
        return false;
      }
      return true;
    });
    if (kept.length < node.items.length) node.items = kept;
    for (const pair of node.items) {
      const key = yaml.isScalar(pair.key) ? pair.key.value : pair.key;
      if (seen.has(key)) return lineOf(pair.key as Node);
      seen.add(key);
      stack.push(pair.value);
    }
  }
  if (firstCollectionKey !== undefined) {
    const more = collectionKeys > 1 ? ` (and ${collectionKeys - 1} more)` : "";
    const message = `a frontmatter key is a list or a mapping${more}; keys must be text, so it is left out`;
    diagnostics.push(createDiagnostic("frontmatter-key-invalid", message, { ...where, line: lineOf(firstCollectionKey) }));
  }
  return undefined;
}
