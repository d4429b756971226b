import { type PlacedImport, importsOf } from "./imports.js";
import { normalizeScope } from "../glob/scope.js";
import type { Rule } from "../rule/types.js";
import { ruleAddress } from "../rule/rule-address.js";

/**
 * Gives each text to the prompt once (docs/behaviour.md#imports): where a rule imported a file
 * that is itself a winning always-apply rule in effect wherever the importing rule is (AGENTS.md
 * imported by CLAUDE.md or GEMINI.md) and carrying exactly the imported text, or a file an
 * earlier rule of the same scope already
 * carries, the imported text is replaced by where it is: `See rule://AGENTS (AGENTS.md).` on the
 * reference's own line, or `rule://AGENTS` in place of a reference inside a sentence (a target
 * that is a duplicate is reached through the copy that was kept). Returns
 * the rules in the same order, rewritten ones as new objects.
 */
export function pointImportsAtRules(rules: readonly Rule[], duplicates: ReadonlyArray<{ rule: Rule; duplicateOf: Rule }> = []): Rule[] {
  // Most loads import nothing: the index of rules by path is built at the first import.
  let byPath: Map<string, Rule> | undefined;
  const indexByPath = () => {
    const index = new Map<string, Rule>();
    for (const rule of rules) if (!index.has(rule.path)) index.set(rule.path, rule);
    // A file whose text is used once as another rule (a mirror) is reached through that rule.
    for (const { rule, duplicateOf } of duplicates) if (!index.has(rule.path)) index.set(rule.path, duplicateOf);
    return index;
  };
  // Files already carried by a rule, per scope and modes: the first rule (in precedence order) keeps the text.
  const carried = new Map<string, Rule>();
  return rules.map((rule) => {
    const placed = importsOf(rule);
    if (placed.length === 0) return rule;
    byPath ??= indexByPath();
    const pointers: Array<{ placed: PlacedImport; text: string; inSentence: string }> = [];
    for (const one of placed) {
      const target = byPath.get(one.path);
      // Only when the rule carries exactly what was imported: an AGENTS.md whose own `@` references
      // stay text (Codex does not import) would lose what the import had brought in.
      const same = target !== undefined && sameText(target.content, rule.content.slice(one.start, one.end));
      if (target && same && target !== rule && inEffectWherever(target, rule)) {
        pointers.push({ placed: one, text: `See ${ruleAddress(target.name)} (${one.spec}).`, inSentence: ruleAddress(target.name) });
        continue;
      }
      const key = `${normalizeScope(rule.scope) ?? ""}\u0000${(rule.modes ?? []).join(",")}\u0000${one.path}`;
      const carrier = carried.get(key);
      if (carrier && carrier !== rule) {
        pointers.push({
          placed: one,
          text: `See ${one.spec}, given in ${ruleAddress(carrier.name)}.`,
          inSentence: `${one.spec} (given in ${ruleAddress(carrier.name)})`,
        });
      } else if (rule.alwaysApply === true) {
        // Only a rule that is always in the prompt (where the others are) can carry a text for them.
        carried.set(key, rule);
      }
    }
    if (pointers.length === 0) return rule;
    return { ...rule, content: rewrite(rule.content, pointers) };
  });
}

function rewrite(content: string, pointers: ReadonlyArray<{ placed: PlacedImport; text: string; inSentence: string }>): string {
  // Each edit is a [start, end) span and its replacement; applied from the end so offsets hold.
  const edits: Array<[number, number, string]> = [];
  for (const { placed, text, inSentence } of pointers) {
    if (placed.reference) {
      // The block after the paragraph goes, with the blank line before it; the sentence names the rule.
      edits.push([Math.max(placed.start - 2, 0), placed.end, ""]);
      edits.push([placed.reference[0], placed.reference[1], inSentence]);
    } else {
      edits.push([placed.start, placed.end, text]);
    }
  }
  edits.sort((a, b) => b[0] - a[0]);
  let out = content;
  for (const [start, end, text] of edits) out = out.slice(0, start) + text + out.slice(end);
  return out.trim();
}

function sameText(a: string, b: string): boolean {
  return a.replace(/\r\n?/g, "\n").trim() === b.replace(/\r\n?/g, "\n").trim();
}

/** True when `target` is an always-apply rule that applies wherever `rule` does (its scope contains rule's, same modes). */
function inEffectWherever(target: Rule, rule: Rule): boolean {
  if (target.alwaysApply !== true) return false;
  if ((target.modes ?? []).join(",") !== (rule.modes ?? []).join(",")) return false;
  const outer = normalizeScope(target.scope);
  const inner = normalizeScope(rule.scope);
  return outer === undefined || outer === inner || inner?.startsWith(`${outer}/`) === true;
}
