import type { Rule } from "../rule/types.js";

/** One file an export writes: where under the project root, and its whole text. */
export interface ExportFile {
  /** Project-relative path with `/` separators, e.g. `.cursor/rules/style.mdc`. */
  path: string;
  /** The file's text; it carries the export marker (docs/behaviour.md#export). */
  content: string;
  /** The target provider's id. */
  target: string;
  /** Names of the rules the file holds. */
  rules: string[];
  /** The files its rules were read from, project-relative, as its marker names them (filled in by `planExport`). */
  sources?: string[];
}

/** What a target cannot express of a rule: reported per rule, never dropped silently. */
export interface ExportLoss {
  /** The rule's name in the source. */
  rule: string;
  /** The target provider's id. */
  target: string;
  /** Which part is lost: a stable word. */
  part: "activation" | "description" | "globs" | "modes" | "condition" | "scope" | "name" | "section" | "level" | "rule";
  /** `warning` when the rule applies differently (or not at all) in the target; `info` otherwise. */
  severity: "warning" | "info";
  message: string;
}

/** What a provider's writer returns for the rules it is given. */
export interface ExportOutput {
  files: ExportFile[];
  losses: ExportLoss[];
}

/** A provider's write side: the files its tool would read the rules from, and what it cannot express. */
export type RuleWriter = (rules: readonly Rule[]) => ExportOutput;
