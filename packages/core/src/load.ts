import { isAbsolute } from "node:path";
import { createDiagnostic } from "./diagnostics.js";
import { type RuleFs, nodeFs } from "./fs.js";
import { hasHiddenCharacters, stripHiddenCharacters } from "./hidden-characters.js";
import type { Provider, ProviderContext, ProviderResult } from "./provider.js";
import { errorText } from "./scan.js";
import type { Diagnostic, Rule } from "./types.js";

/** Options of a load: where to look, and optionally how to read. */
export interface LoadOptions {
  /** Absolute project folder. */
  cwd: string;
  /** Absolute home folder. */
  home: string;
  /** File-system access; defaults to Node's. */
  fs?: RuleFs;
  /** Files over this many bytes are not loaded. Default 1 MiB. */
  maxFileBytes?: number;
  /** Aborting rejects the load with the signal's reason; providers may also watch it. */
  signal?: AbortSignal;
}

/** A rule that lost a name collision, with the rule that won. */
export interface ShadowedRule {
  rule: Rule;
  shadowedBy: Rule;
}

/** The public description of a provider taking part in a load. */
export interface ProviderInfo {
  id: string;
  displayName: string;
  priority: number;
}

/** What a load resolves to (SPEC §2). */
export interface LoadResult {
  /** Winning rules, in precedence order. */
  rules: Rule[];
  /** Losers of name collisions, in precedence order, each with its winner. */
  shadowed: ShadowedRule[];
  diagnostics: Diagnostic[];
  /** The providers that ran, in precedence order. */
  providers: ProviderInfo[];
}

/** The default limit on the size of a rule file: 1 MiB. */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/**
 * Runs `providers` (already in precedence order) concurrently and merges their rules:
 * empty rules dropped, first name wins, losers reported as shadowed. A provider that
 * throws becomes one diagnostic; the others still load.
 */
export async function loadRules(providers: readonly Provider[], options: LoadOptions): Promise<LoadResult> {
  if (!isAbsolute(options.cwd)) throw new TypeError(`load: cwd must be an absolute path, got ${JSON.stringify(options.cwd)}`);
  if (!isAbsolute(options.home)) throw new TypeError(`load: home must be an absolute path, got ${JSON.stringify(options.home)}`);
  const context: ProviderContext = {
    cwd: options.cwd,
    home: options.home,
    fs: options.fs ?? nodeFs,
    maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES,
    ...(options.signal && { signal: options.signal }),
  };
  options.signal?.throwIfAborted();
  const results = await Promise.all(providers.map((provider) => runProvider(provider, context)));
  // Providers may ignore the signal; the caller who gave up still gets no result.
  options.signal?.throwIfAborted();

  const rules: Rule[] = [];
  const shadowed: ShadowedRule[] = [];
  const diagnostics: Diagnostic[] = [];
  const winners = new Map<string, Rule>();
  results.forEach((result, i) => {
    const provider = providers[i] as Provider;
    for (const d of result.diagnostics) diagnostics.push(d);
    for (const candidate of result.rules) {
      const rule = checkRule(candidate, provider, diagnostics);
      if (!rule) continue;
      const winner = winners.get(rule.name);
      if (winner) {
        shadowed.push({ rule, shadowedBy: winner });
        continue;
      }
      winners.set(rule.name, rule);
      rules.push(rule);
    }
  });
  return {
    rules,
    shadowed,
    diagnostics,
    providers: providers.map(({ id, displayName, priority }) => ({ id, displayName, priority })),
  };
}

async function runProvider(provider: Provider, context: ProviderContext): Promise<ProviderResult> {
  const failed = (message: string): ProviderResult => ({
    rules: [],
    diagnostics: [createDiagnostic("provider-failed", message, { provider: provider.id })],
  });
  try {
    const result = await provider.load(context);
    if (!result || !Array.isArray(result.rules)) {
      return failed(`provider "${provider.id}" returned no rules list; its rules are skipped`);
    }
    return { rules: result.rules, diagnostics: Array.isArray(result.diagnostics) ? result.diagnostics : [] };
  } catch (error) {
    return failed(`provider "${provider.id}" failed: ${errorText(error)}; its rules are skipped`);
  }
}

/** Drops malformed and empty rules (with a diagnostic) and removes hidden characters. */
function checkRule(rule: Rule, provider: Provider, diagnostics: Diagnostic[]): Rule | undefined {
  const where = { provider: provider.id, ...(typeof rule?.path === "string" && { path: rule.path }) };
  if (typeof rule?.name !== "string" || rule.name === "" || typeof rule.content !== "string") {
    diagnostics.push(createDiagnostic("provider-failed", `provider "${provider.id}" returned a malformed rule; skipped`, where));
    return undefined;
  }
  if (rule.content.trim() === "") {
    diagnostics.push(
      createDiagnostic("rule-empty", `rule "${rule.name}" has no content; dropped (it shadows nothing)`, where),
    );
    return undefined;
  }
  if (!hasHiddenCharacters(rule.content) && !(rule.description && hasHiddenCharacters(rule.description))) return rule;
  return {
    ...rule,
    content: stripHiddenCharacters(rule.content),
    ...(rule.description !== undefined && { description: stripHiddenCharacters(rule.description) }),
  };
}
