import { describeValue } from "../text/describe-value.js";
import { createDiagnostic } from "./diagnostics.js";
import { globProblem } from "../glob/globs.js";
import { hasHiddenCharacters, mayHide, stripHiddenCharacters } from "../text/hidden-characters.js";
import { checkHiddenInField } from "../text/hidden-diagnostics.js";
import { normalizeRuleName } from "../text/unicode-names.js";
import type { Provider } from "../provider/provider.js";
import { errorText } from "../text/error-text.js";
import type { Diagnostic, Rule, RuleLevel } from "./types.js";

/**
 * Copies a rule a provider returned into a plain, well-formed {@link Rule}, or drops it:
 * every field is read once (a throwing getter or a Proxy cannot break the load), fields of the
 * wrong type are dropped with a diagnostic, the source is stamped from the provider itself,
 * and the name is checked (not blank, no `..` segment) and read as it shows (invisible
 * characters removed, NFC). A glob that cannot be compiled is a `globs-invalid` warning, unless
 * `globsChecked` says the rule was read from a file, where it was reported on its line.
 */
export function validateRule(
  candidate: unknown,
  provider: Provider,
  diagnostics: Diagnostic[],
  options: { globsChecked?: boolean } = {},
): Rule | undefined {
  if (typeof candidate !== "object" || candidate === null)
    return failed(provider, diagnostics, `returned a rule that is not an object (${typeof candidate}); skipped`);
  // Each field is read once, in this order, into a plain record (a getter runs once, a Proxy cannot answer twice).
  let raw: RawRule;
  try {
    raw = readRaw(candidate as Record<string, unknown>);
  } catch (error) {
    return failed(provider, diagnostics, `returned a rule whose fields cannot be read (${errorText(error)}); skipped`);
  }
  const path = typeof raw.path === "string" && raw.path !== "" ? raw.path : undefined;
  if (path === undefined) return failed(provider, diagnostics, "returned a rule without a path; skipped");
  if (typeof raw.content !== "string") return failed(provider, diagnostics, "returned a rule whose content is not text; skipped", path);
  const name = checkName(raw.name, provider, path, diagnostics);
  if (name === undefined) return undefined;
  const check = new FieldCheck(provider, name, path, diagnostics);

  const level: RuleLevel = raw.level === "user" ? "user" : "project";
  if (raw.level !== "user" && raw.level !== "project")
    check.problem("source.level", `${describeValue(raw.level)} (expected "user" or "project"), so it counts as project`);
  const rule: Rule = { name, path, content: raw.content, source: { provider: provider.id, providerName: provider.displayName, level } };
  // Rules read from files arrive with these fields already checked; a load hook's do not.
  if (typeof raw.description === "string") {
    check.hidden(raw.description, "description");
    const description = stripHiddenCharacters(raw.description).trim();
    if (description !== "") rule.description = description;
  } else if (raw.description !== undefined) check.problem("a description that is", describeValue(raw.description));
  const globs = visibleGlobs(stringList(raw.globs, check, "globs that are"), check);
  if (globs && globs.length > 0) {
    rule.globs = globs;
    // A rule read from a file had its globs checked where they were read, with their line.
    for (const glob of options.globsChecked ? [] : globs) {
      const refused = globProblem(glob);
      if (refused)
        diagnostics.push(createDiagnostic("globs-invalid", `rule "${name}": ${refused}; it matches nothing`, { provider: provider.id, path }));
    }
  }
  if (rule.globs && raw.globsIgnoreCase === true) rule.globsIgnoreCase = true;
  if (raw.alwaysApply === true) rule.alwaysApply = true;
  if (raw.protected === true) rule.protected = true;
  const condition = stringList(raw.condition, check, "a condition that is");
  if (condition) {
    for (const pattern of condition) check.hidden(pattern, "condition");
    rule.condition = condition;
  }
  if (typeof raw.scope === "string" && raw.scope !== "") {
    if (raw.scope.split("/").some((part) => part === ".." || part === "." || part === ""))
      check.problem("a scope that is", `not a clean project folder (${JSON.stringify(raw.scope)})`);
    else rule.scope = raw.scope;
  } else if (raw.scope !== undefined) check.problem("a scope that is", describeValue(raw.scope));
  const modes = stringList(raw.modes, check, "modes that are");
  if (modes) rule.modes = modes;
  if (hasHiddenCharacters(rule.content)) rule.content = stripHiddenCharacters(rule.content);
  return rule;
}

function failed(provider: Provider, diagnostics: Diagnostic[], message: string, path?: string): undefined {
  diagnostics.push(createDiagnostic("provider-failed", `provider "${provider.id}" ${message}`, { provider: provider.id, ...(path && { path }) }));
  return undefined;
}

/** Reports what is wrong with one rule's fields (one object per rule, no closure per field). */
class FieldCheck {
  constructor(
    private readonly provider: Provider,
    private readonly name: string,
    private readonly path: string,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** A field of the wrong kind, ignored. */
  problem(field: string, what: string): void {
    const message = `provider "${this.provider.id}" gave rule "${this.name}" ${field} ${what}; ignored`;
    this.diagnostics.push(createDiagnostic("provider-failed", message, { provider: this.provider.id, path: this.path }));
  }

  /** The hidden characters of a field's value, reported. */
  hidden(value: string, field: string): void {
    if (!mayHide(value)) return;
    for (const d of checkHiddenInField(value, field, { provider: this.provider.id, path: this.path })) this.diagnostics.push(d);
  }
}

/** The fields {@link validateRule} reads, each read once. */
interface RawRule {
  name: unknown;
  path: unknown;
  content: unknown;
  description: unknown;
  globs: unknown;
  globsIgnoreCase: unknown;
  alwaysApply: unknown;
  condition: unknown;
  scope: unknown;
  modes: unknown;
  source: unknown;
  protected: unknown;
  level: unknown;
}

function readRaw(candidate: Record<string, unknown>): RawRule {
  const raw: RawRule = {
    name: candidate.name,
    path: candidate.path,
    content: candidate.content,
    description: candidate.description,
    globs: candidate.globs,
    globsIgnoreCase: candidate.globsIgnoreCase,
    alwaysApply: candidate.alwaysApply,
    condition: candidate.condition,
    scope: candidate.scope,
    modes: candidate.modes,
    source: candidate.source,
    protected: candidate.protected,
    level: undefined,
  };
  raw.level = typeof raw.source === "object" && raw.source !== null ? (raw.source as { level?: unknown }).level : undefined;
  return raw;
}

/** Globs with hidden characters removed (each reported), those left blank dropped; the list itself when none has any. */
function visibleGlobs(globs: string[] | undefined, check: FieldCheck): string[] | undefined {
  if (globs === undefined || !globs.some(hasHiddenCharacters)) return globs;
  return globs.flatMap((glob) => {
    if (!hasHiddenCharacters(glob)) return [glob];
    check.hidden(glob, "glob");
    const visible = stripHiddenCharacters(glob).trim();
    return visible === "" ? [] : [visible];
  });
}

function checkName(value: unknown, provider: Provider, path: string, diagnostics: Diagnostic[]): string | undefined {
  const where = { provider: provider.id, path };
  if (typeof value !== "string" || value.trim() === "") {
    diagnostics.push(createDiagnostic("rule-name-invalid", `rule name ${describeValue(value)} is not a name; the rule is skipped`, where));
    return undefined;
  }
  // Names that read the same are one rule: invisible characters removed, then NFC (twins are reported by the loader).
  if (mayHide(value)) for (const d of checkHiddenInField(value, "name", where)) diagnostics.push(d);
  const name = normalizeRuleName(value);
  if (name.trim() === "") return undefined;
  if (hasDotDotSegment(name)) {
    diagnostics.push(createDiagnostic("rule-name-invalid", `rule name ${JSON.stringify(name)} has a ".." segment; the rule is skipped`, where));
    return undefined;
  }
  return name;
}

/** True when a `/`-separated name has a `..` segment. */
function hasDotDotSegment(name: string): boolean {
  return name === ".." || name.startsWith("../") || name.endsWith("/..") || name.includes("/../");
}

function stringList(value: unknown, check: FieldCheck, field: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    check.problem(field, describeValue(value));
    return undefined;
  }
  const list: string[] = [];
  for (const entry of value) {
    if (typeof entry === "string" && entry.trim() !== "") list.push(entry);
    else check.problem(field, `a list holding ${describeValue(entry)}`);
  }
  return list.length > 0 ? list : undefined;
}
