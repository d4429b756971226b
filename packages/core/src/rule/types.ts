/** Where a rule file lives: in the user's home folder or in the project. */
export type RuleLevel = "user" | "project";

/** Which provider produced a rule, and from which level. */
export interface RuleSource {
  /** The provider's id, e.g. `cursor`. */
  provider: string;
  /** The provider's human name, e.g. `Cursor`. */
  providerName: string;
  level: RuleLevel;
}

/** One rule, normalised from whatever format its file was written in (docs/behaviour.md#the-rule). */
export interface Rule {
  /** Identity: precedence and de-duplication use the name only. */
  name: string;
  /** Absolute path of the source file. */
  path: string;
  /** Body with frontmatter removed, trimmed. */
  content: string;
  description?: string;
  globs?: string[];
  /** `true` when the tool matches this rule's globs ignoring case (Copilot's `applyTo`); absent = case-sensitive. */
  globsIgnoreCase?: true;
  /** Only `true` is kept; anything else is `undefined`. */
  alwaysApply?: true;
  /**
   * `protected: true` in a user rule's frontmatter: no project rule replaces it; a project
   * rule of the same name applies beside it under a qualified name (docs/behaviour.md#trust).
   */
  protected?: true;
  /** Stream-trigger regular expression sources (TTSR). */
  condition?: string[];
  /** Project-relative folder (`packages/web`, `/` separators) the rule is limited to; absent = everywhere. */
  scope?: string;
  /** Agent modes the rule is limited to (Roo's `rules-<mode>`); absent = every mode. */
  modes?: string[];
  source: RuleSource;
}

/** How serious a diagnostic is. */
export type Severity = "error" | "warning" | "info";

/** A structured problem found while loading rules (docs/behaviour.md#diagnostics). */
export interface Diagnostic {
  severity: Severity;
  /** Stable machine-readable code, e.g. `yaml-invalid`. */
  code: string;
  message: string;
  provider?: string;
  path?: string;
  /** 1-based line in `path`. */
  line?: number;
  /** 1-based column in `path`. */
  column?: number;
}
