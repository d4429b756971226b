import type { MapFields } from "./rule-file.js";
import type { RuleLevel } from "./types.js";

/**
 * What a file without activation metadata means (docs/behaviour.md#fields-and-activation):
 * `always` applies it (instruction files, Cline, legacy files) unless its frontmatter sets
 * `alwaysApply` or `globs`; `frontmatter` (the default) reads the keys as they are.
 */
export type Activation = "always" | "frontmatter";

/** The options every kind of source shares. */
export interface SourceOptions {
  /** `project` rules come before `user` rules inside a provider. */
  level: RuleLevel;
  /** Default `frontmatter`. */
  activation?: Activation;
  /** Format-specific keys (Windsurf `trigger`, Kiro `inclusion`, Copilot `applyTo` …), applied after the activation default. */
  mapFields?: MapFields;
  /** Agent modes the rules of this source are limited to (Roo's `rules-<mode>`). */
  modes?: readonly string[];
  /** Inline `@path` imports in the body, as Claude Code and Gemini CLI do. */
  imports?: boolean;
}

/**
 * A folder of rule files at an absolute path, read recursively: a file directly in it is
 * named by its file name without the extension, one in a subfolder by its relative path.
 */
export interface FolderSource extends SourceOptions {
  kind: "folder";
  path: string;
  /** Rule extensions, case-sensitive, longest first when they overlap (`.instructions.md` before `.md`). */
  extensions: readonly string[];
  /** Subfolders (relative, `/` separators) that are not entered, e.g. Cline's `workflows`. */
  skip?: readonly string[];
  /** Prefix for the names of this folder's rules, e.g. `~/` (default none). */
  namePrefix?: string;
}

/** One rule file at an absolute path, with the rule name it gets. */
export interface FileSource extends SourceOptions {
  kind: "file";
  path: string;
  name: string;
}

/**
 * A rule folder found at any depth of the project tree by the load's one walk, e.g.
 * `.cursor/rules` in the root and in `packages/web`: each is read like a {@link FolderSource}
 * and its rules are scoped to the folder that holds it, their names prefixed with it.
 */
export interface PatternFolderSource extends SourceOptions {
  kind: "pattern";
  /** Relative path of the rule folder inside the folder it governs, e.g. `.cursor/rules`. */
  folder: string;
  extensions: readonly string[];
  skip?: readonly string[];
}

/**
 * A rule file found at any depth of the project tree by the load's one walk, e.g. every
 * `AGENTS.md`: scoped to the folder that holds it, named `<scope>/<name>` (`name` at the root).
 */
export interface PatternFileSource extends SourceOptions {
  kind: "pattern";
  /** Relative path of the file inside the folder it governs, e.g. `AGENTS.md` or `.claude/CLAUDE.md`. */
  file: string;
  name: string;
}

/** Where a provider's rule files are (docs/behaviour.md#providers). */
export type RuleSourceSpec = FolderSource | FileSource | PatternFolderSource | PatternFileSource;

/** True for a pattern source that names a folder. */
export function isPatternFolder(source: RuleSourceSpec): source is PatternFolderSource {
  return source.kind === "pattern" && "folder" in source;
}
