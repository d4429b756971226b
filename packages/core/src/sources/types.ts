import type { RuleFields } from "../read/fields.js";
import type { FrontmatterData } from "../read/frontmatter-types.js";
import type { Diagnostic, Rule, RuleLevel, Severity } from "../rule/types.js";

/** A rule file found by a scan, a source or the project walk. */
export interface FoundRuleFile {
  /** Absolute path (for a symlinked file, the link's path). */
  path: string;
  /**
   * File name without its rule extension (`foo.bar.md` → `foo.bar`); a file in a subfolder of
   * the rule folder is named by its relative path (`backend/style`).
   */
  name: string;
  /** Project-relative folder the rule is limited to, for rules found in the project tree. */
  scope?: string;
}

/** What reading one rule file gave: the rule, unless it was skipped, and what was wrong with it. */
export interface RuleFileResult {
  rule?: Rule;
  diagnostics: Diagnostic[];
}

/** What a {@link MapFields} hook gets besides the fields and the raw frontmatter. */
export interface MapFieldsContext {
  file: FoundRuleFile;
  /**
   * Adds a diagnostic about this file; `key` names the frontmatter key it is about, so the
   * diagnostic carries that key's line.
   */
  report(code: string, message: string, options?: { severity?: Severity; key?: string }): void;
}

/**
 * A provider-specific adjustment of the normalised fields, given the raw frontmatter;
 * e.g. Windsurf's `trigger:` key, or always-apply defaults for legacy files.
 */
export type MapFields = (fields: RuleFields, data: FrontmatterData, context: MapFieldsContext) => RuleFields;

/**
 * What a file without activation metadata means (docs/behaviour.md#fields-and-activation):
 * `always` applies it (instruction files, Cline, legacy files) unless its frontmatter sets
 * `alwaysApply` or `globs`; `frontmatter` (the default) reads the keys as they are.
 */
export type ActivationDefault = "always" | "frontmatter";

/** The options every kind of source that reads files shares. */
export interface SourceOptions {
  /** `project` rules come before `user` rules inside a provider. */
  level: RuleLevel;
  /** Default `frontmatter`. */
  activation?: ActivationDefault;
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

/** A source that is read as declared: a folder, a file, or a pattern over the project tree. */
export type SimpleSource = FolderSource | FileSource | PatternFolderSource | PatternFileSource;

/**
 * A candidate of a {@link FirstSource} that is a condition: chosen when something is at
 * `check`; it then reads `read` (default nothing: the path is read by another source).
 */
export interface FirstCheck {
  /** Absolute path whose presence chooses this candidate. */
  check: string;
  /** Present only when `check` is a folder holding a file with one of these extensions (any depth, hidden entries skipped). */
  extensions?: readonly string[];
  /** Present only when `check` is a folder. */
  folder?: boolean;
  /** What this candidate reads when it is chosen. */
  read?: readonly SimpleSource[];
}

/** One candidate of a {@link FirstSource}: a source, sources read together, or a {@link FirstCheck}. */
export type FirstCandidate = SimpleSource | readonly SimpleSource[] | FirstCheck;

/**
 * The first present of several candidates, e.g. Junie's `.junie/AGENTS.md` else its legacy
 * guidelines, Zed's first rules file, Roo's `.roorules` only without rules in `.roo/rules`.
 * A file or folder source is present when something is at its path (a check that fails counts,
 * so the core reports why); a list when one of its members is; a pattern source never by itself.
 * Nothing is read when no candidate is present.
 */
export interface FirstSource {
  kind: "first";
  of: readonly FirstCandidate[];
  /** `file`: a file source is present only when its path is a file (Zed passes over a `.clinerules` folder). Default `exists`. */
  present?: "exists" | "file";
  /**
   * A diagnostic code: each file or folder of a later candidate that is present beside the
   * chosen one is a warning with this code (Junie reads `.junie/AGENTS.md` and ignores its
   * legacy guidelines beside it, so what they say reaches no one). Default: silent.
   */
  warnIgnored?: string;
}

/**
 * The nearest entry `name` in the folders from `cwd` up to the project root (never above it),
 * e.g. Cline's `.clinerules`: a folder is read like a {@link FolderSource}, a file is the rule
 * `rule`. A level that cannot be checked is reported and the walk goes on above it.
 */
export interface WalkUpSource extends SourceOptions {
  kind: "walk-up";
  /** The entry looked for in each folder, e.g. `.clinerules`. */
  name: string;
  /** Where the walk stops: the project root. */
  to: "root";
  /** The rule name of the entry when it is a file. */
  rule: string;
  /** Rule extensions when the entry is a folder. */
  extensions: readonly string[];
  /** Subfolders of a folder entry that are not entered. */
  skip?: readonly string[];
}

/**
 * One source per entry of a folder whose name starts with `prefix`, e.g. Roo's
 * `.roo/rules-<mode>/` folders: `source` gets the rest of the name (the mode) and the path.
 */
export interface EachSource {
  kind: "each";
  /** Absolute folder whose entries are looked at, in byte order of their names. */
  in: string;
  prefix: string;
  /** `folder`: entries that are folders (links followed); `file`: entries that are not folders. */
  entries: "folder" | "file";
  source(suffix: string, path: string): SimpleSource | FirstSource;
}

/**
 * Files of a tool that are not rules: agent skills (`.claude/skills/<name>/SKILL.md`), commands
 * (`.claude/commands/`), subagents (`.claude/agents/`). Found at any depth of the project by the
 * load's one walk, like a pattern folder, never read: the load says once how many there are
 * (a `not-rules` info), so a user looking for them learns why they are not in the rules.
 */
export interface NotRulesSource {
  kind: "not-rules";
  /** What the files are. */
  what: "skill" | "command" | "subagent";
  /** The folder holding them inside the folder it belongs to, e.g. `.claude/commands`. */
  folder: string;
  /** The files that count: one name (`SKILL.md`, one per skill bundle) or extensions (`.md`). */
  file?: string;
  extensions?: readonly string[];
}

/**
 * Rule files a JSON or JSONC file lists under a key, as paths and globs (OpenCode's
 * `instructions` in `opencode.json`; docs/behaviour.md#listed-files). Relative entries are looked
 * up in each folder from `cwd` up to the project root, `~/…` from home; a project's list names
 * nothing outside the project, the user's own may name files under home; URLs are not fetched.
 * Each file found is read as a `file` source of this source's options, named by its path without
 * `.md` (`~/…` under home), a project file whoever's list names it.
 */
export interface ListedSource extends SourceOptions {
  kind: "listed";
  /** Absolute path of the JSON or JSONC file, e.g. `<root>/opencode.json`; nothing when it is missing. */
  file: string;
  /** The top-level key holding the list of strings. */
  key: string;
}

/** Where a provider's rule files are (docs/behaviour.md#providers). */
export type RuleSourceSpec = SimpleSource | FirstSource | WalkUpSource | EachSource | NotRulesSource | ListedSource;

/** What a load looked at, so a watcher can watch exactly that. */
export interface SearchedPaths {
  /** Folders listed (the walked project tree and every rule folder). */
  folders: string[];
  /** Single rule files, ignore files and paths checked by `first`, `walk-up` and `listed` sources. */
  files: string[];
  /**
   * Absolute globs (`/`-separated, their fixed folder escaped) a `listed` source matched: a file
   * created or removed where one matches changes what the load finds.
   */
  globs?: string[];
}

/** True for a pattern source that names a folder. */
export function isPatternFolder(source: RuleSourceSpec): source is PatternFolderSource {
  return source.kind === "pattern" && "folder" in source;
}
