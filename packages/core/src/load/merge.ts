import { createDiagnostic } from "../rule/diagnostics.js";
import { pointImportsAtRules } from "../read/import-pointers.js";
import type { Diagnostic, Rule } from "../rule/types.js";
import { comparableContent, isTrigger } from "./same-text.js";
import { activationRank, warnShadow } from "./shadow-warnings.js";
import { type UserProtectionOptions, keepUserNames, projectShadowsUser, protectUserRules } from "./user-protection.js";

/** A rule that lost a name collision, with the rule that won. */
export interface ShadowedRule {
  rule: Rule;
  shadowedBy: Rule;
}

/** A winner whose content repeats a higher-precedence winner's (a mirrored or symlinked file). */
export interface DuplicateRule {
  rule: Rule;
  duplicateOf: Rule;
}

/** A reading of a file that another provider read first (Zed's fallback `AGENTS.md`): one rule, the first reading. */
export interface ReadTwice {
  rule: Rule;
  /** The earlier reading of the same file, whatever became of it. */
  firstReading: Rule;
}

/** The outcome of {@link mergeRules}. */
export interface MergedRules {
  rules: Rule[];
  shadowed: ShadowedRule[];
  duplicates: DuplicateRule[];
  /** Readings of files another provider had read first; not rules of their own, listed so every provider's files are counted. */
  readTwice: ReadTwice[];
}

/**
 * Merges rules already in precedence order (docs/behaviour.md#precedence): empty rules are
 * dropped first, the first rule of a name wins and the others are shadowed, then among winners
 * whose content (line endings normalised, trimmed), scope and modes are equal (stream triggers
 * apart from the others) the user's copy is kept when there is one, else the most active
 * (precedence breaks ties), and the others are its duplicates. A file that several providers
 * read is one rule, the first provider's, silently. Warns when a winner hides a rule of the
 * same name that would have been more active, or another tool's rule whose text it does not
 * carry (see {@link warnShadow}). Last, an import of a rule of
 * this load points at it instead of repeating its text (see {@link pointImportsAtRules}).
 * Before all that, a project rule named like a user-only name (`~/…`) is renamed `./~/…`, a
 * project rule named like a protected user rule is renamed so both apply,
 * and a project rule that replaces a user rule is a `project-shadows-user` warning
 * (docs/behaviour.md#trust).
 */
export function mergeRules(all: readonly Rule[], diagnostics: Diagnostic[], options: UserProtectionOptions = {}): MergedRules {
  const candidates = protectUserRules(keepUserNames(all, diagnostics), options, diagnostics);
  const { named, shadowed, readTwice } = pickWinners(candidates, diagnostics);
  const { rules, duplicates } = dropDuplicates(named, diagnostics);
  // Now that the load knows every rule, an import of one of them points at it instead of repeating it.
  const pointed = pointImportsAtRules(rules, duplicates);
  const renamed = new Map<Rule, Rule>();
  pointed.forEach((rule, i) => {
    if (rule !== rules[i]) renamed.set(rules[i] as Rule, rule);
  });
  const current = (rule: Rule) => renamed.get(rule) ?? rule;
  return {
    rules: pointed,
    readTwice,
    shadowed: renamed.size === 0 ? shadowed : shadowed.map((s) => ({ rule: s.rule, shadowedBy: current(s.shadowedBy) })),
    duplicates: renamed.size === 0 ? duplicates : duplicates.map((d) => ({ rule: d.rule, duplicateOf: current(d.duplicateOf) })),
  };
}

/**
 * First wins by name: `named` holds each name's winner and the copies of its text under that
 * name (in order), `shadowed` the other rules of a taken name, `readTwice` a file a second
 * provider reached. Empty rules are dropped with a `rule-empty` warning.
 */
function pickWinners(candidates: readonly Rule[], diagnostics: Diagnostic[]): { named: Rule[]; shadowed: ShadowedRule[]; readTwice: ReadTwice[] } {
  const winners = new Map<string, Rule>();
  const shadowed: ShadowedRule[] = [];
  const named: Rule[] = [];
  // The first reading of each path, and the later readings by other providers.
  const readers = new Map<string, Rule>();
  const readTwice: ReadTwice[] = [];
  for (const rule of candidates) {
    if (rule.content.trim() === "") {
      const message = `rule "${rule.name}" has no content; dropped (it shadows nothing)`;
      diagnostics.push(createDiagnostic("rule-empty", message, { provider: rule.source.provider, path: rule.path }));
      continue;
    }
    // One file reached by two providers (Zed's fallback list naming `AGENTS.md`, OpenCode's
    // `instructions` naming `.cursor/rules/*.md`) is one rule, read as the first of them reads it.
    const reader = readers.get(rule.path);
    if (reader === undefined) readers.set(rule.path, rule);
    else if (reader.source.provider !== rule.source.provider) {
      readTwice.push({ rule, firstReading: reader });
      continue;
    }
    const winner = winners.get(rule.name);
    if (!winner) {
      winners.set(rule.name, rule);
      named.push(rule);
      continue;
    }
    // One file reached by two sources of a provider (a fixed file that a pattern also finds) is one rule.
    if (winner.path === rule.path) continue;
    // A mirror of the same text under the same name is a duplicate, so the most active copy is
    // kept; a stream trigger and a rule of the prompt are two rules, whatever their text.
    if (sameContent(rule, winner)) {
      named.push(rule);
      continue;
    }
    shadowed.push({ rule, shadowedBy: winner });
    // The user's own rule replaced says it all; otherwise, what the replacement loses.
    const replacesUser = projectShadowsUser(winner, rule);
    if (replacesUser) diagnostics.push(replacesUser);
    else warnShadow(winner, rule, diagnostics);
  }
  return { named, shadowed, readTwice };
}

/**
 * Equal texts grouped first, then the most active copy of each group kept: a mirror with
 * narrower activation (a Cursor copy with globs) never removes a broader one (a Windsurf
 * always_on copy). Texts are compared as they are (a read file's text is already comparable),
 * per scope and modes: no combined key string is built, so no text is copied. Each copy not
 * kept is a `rule-duplicate` info.
 */
function dropDuplicates(named: readonly Rule[], diagnostics: Diagnostic[]): { rules: Rule[]; duplicates: DuplicateRule[] } {
  const firstByText = new Map<string, FirstByText>();
  const groups = new Map<Rule, Rule[]>();
  for (const rule of named) {
    const placeKey = placeKeyOf(rule);
    let firsts = firstByText.get(placeKey);
    if (firsts === undefined) {
      firsts = new FirstByText();
      firstByText.set(placeKey, firsts);
    }
    const first = firsts.firstOf(comparableContent(rule.content), rule);
    if (first !== rule) {
      const group = groups.get(first);
      if (group) group.push(rule);
      else groups.set(first, [first, rule]);
    }
  }
  const keptOf = new Map<Rule, Rule>();
  for (const group of groups.values()) {
    const kept = keptCopy(group);
    for (const rule of group) keptOf.set(rule, kept);
  }
  const rules: Rule[] = [];
  const duplicates: DuplicateRule[] = [];
  for (const rule of named) {
    const kept = keptOf.get(rule) ?? rule;
    if (kept === rule) {
      rules.push(rule);
      continue;
    }
    duplicates.push({ rule, duplicateOf: kept });
    const message = `rule "${rule.name}" has the same content as "${kept.name}" (${kept.path}); it is used once, as "${kept.name}"`;
    diagnostics.push(createDiagnostic("rule-duplicate", message, { provider: rule.source.provider, path: rule.path }));
  }
  return { rules, duplicates };
}

/**
 * The first rule of each text. Texts are told apart by a fingerprint first (their length and at
 * most 96 of their characters: 32 at each end, 32 spread between), so a load of thousands of
 * different texts never hashes one whole (hashing reads every character); texts that share a
 * fingerprint share a map keyed by the whole text.
 */
class FirstByText {
  private readonly byPrint = new Map<number, { text: string; rule: Rule } | Map<string, Rule>>();

  /** The first rule noted with `text`; `rule` itself (now noted) when there is none. */
  firstOf(text: string, rule: Rule): Rule {
    const print = fingerprint(text);
    const slot = this.byPrint.get(print);
    if (slot === undefined) {
      this.byPrint.set(print, { text, rule });
      return rule;
    }
    if (slot instanceof Map) {
      const first = slot.get(text);
      if (first !== undefined) return first;
      slot.set(text, rule);
      return rule;
    }
    if (slot.text === text) return slot.rule;
    this.byPrint.set(
      print,
      new Map([
        [slot.text, slot.rule],
        [text, rule],
      ]),
    );
    return rule;
  }
}

/** A 32-bit FNV-1a hash of a text's length and at most 96 of its characters (see {@link FirstByText}). */
function fingerprint(text: string): number {
  const n = text.length;
  let hash = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  if (n <= 96) {
    for (let i = 0; i < n; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    return hash;
  }
  const step = (n - 64) / 32;
  for (let i = 0; i < 32; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ text.charCodeAt(n - 1 - i), 0x01000193);
    hash = Math.imul(hash ^ text.charCodeAt(32 + Math.floor(i * step)), 0x01000193);
  }
  return hash;
}

/**
 * The copy of one text that stays in effect (docs/behaviour.md#precedence): the user's own copy
 * when there is one, exactly as the user wrote it (a project's copy, however it is marked, never
 * removes the user's rule); among copies of one level, the most active, precedence breaking ties.
 */
function keptCopy(group: readonly Rule[]): Rule {
  const users = group.filter((rule) => rule.source.level === "user");
  const among = users.length > 0 ? users : group;
  let kept = among[0] as Rule;
  for (const rule of among) if (activationRank(rule) > activationRank(kept)) kept = rule;
  return kept;
}

/**
 * Where a rule's text is given: its scope and modes, and whether it is a stream trigger (texts
 * are compared only within one). A trigger watches the model's output while a rule of the
 * prompt is read up front: neither is a copy of the other, so a trigger guard is never dropped
 * for a copy in the prompt, nor the reverse.
 */
function placeKeyOf(rule: Rule): string {
  const scope = rule.scope ?? "";
  const modes = rule.modes === undefined ? "" : rule.modes.join(",");
  const trigger = isTrigger(rule) ? "\u0001" : "";
  return scope === "" && modes === "" && trigger === "" ? "" : `${scope}\u0000${modes}${trigger}`;
}

/** True when two rules' texts are one (see {@link comparableContent}) in the same scope and modes. */
function sameContent(a: Rule, b: Rule): boolean {
  return placeKeyOf(a) === placeKeyOf(b) && comparableContent(a.content) === comparableContent(b.content);
}
