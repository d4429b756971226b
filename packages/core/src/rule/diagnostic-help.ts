import type { DiagnosticCode } from "./diagnostics.js";

/**
 * One line per diagnostic code saying what it means, as the core README's table says it (a test
 * keeps the two alike): the help text `rulebook lint --format sarif` gives each rule.
 */
export const DIAGNOSTIC_HELP = {
  "yaml-invalid": "the frontmatter is not valid YAML (or an alias bomb); read line by line instead",
  "frontmatter-not-mapping": "the frontmatter is YAML but not `key: value` pairs; ignored",
  "description-not-string": "`description` is a number, list\u2026; ignored",
  "always-apply-not-boolean": '`alwaysApply` is not a boolean (e.g. the string `"true"`); treated as false',
  "globs-invalid":
    "`globs` (or an entry) is not text, or a glob cannot be compiled (a `[` never closed, an extglob, past the bounds), so it matches no file",
  "globs-empty": "`globs` was given but holds no pattern",
  "condition-invalid": "`condition`/`ttsr_trigger` is not text or a list of text",
  "condition-pattern-invalid": "the trigger engine refuses a pattern",
  "condition-no-valid-pattern": "no pattern of the rule is usable, so it is not a stream trigger",
  "hidden-character": "bidi controls, tag characters, or a run of invisible characters (line, column); removed from the prompt",
  "rule-empty": "the rule has no content; dropped, it shadows nothing",
  "rule-inactive": "the rule lands in no category: a manual rule, used only when a person names it (read at `rule://NAME`), never on its own",
  "file-too-large": "over 1 MiB; not loaded",
  "file-binary": "contains NUL bytes; not loaded",
  "file-not-utf8": "not valid UTF-8; not loaded",
  "file-unreadable": "cannot be read (permissions, dangling symlink)",
  "folder-unreadable": "a folder cannot be listed, or is nested too deep",
  "not-a-folder": "a rule folder is a file",
  "not-a-file": "a rule file is a folder, FIFO, socket or device",
  "provider-failed": "a provider threw or returned something malformed; its bad output is skipped",
  "provider-conflict": "two different providers with one id were registered",
  "symlink-outside": "a rule file or folder links outside the project root (or home, for user rules)",
  "walk-truncated": "the project walk stopped at its depth or entry bound",
  "rule-duplicate": "same content as another rule; the user's copy, else the most active, is used, once",
  "rule-name-invalid": "a blank name or one with a `..` segment; skipped",
  "rule-malformed":
    "a value passed to `partitionRules` that is not a well-formed rule (a field of the wrong type, no `source`, a throwing getter); skipped",
  "shadow-hides-active": "an unused rule hides an active rule of the same name",
  "shadow-narrows": "a rule hides a rule of the same name that would have been more active (an always-on rule hidden by one scoped to `**/*.rs`)",
  "shadow-drops-text":
    "another tool's rule is hidden by a rule of the same name that carries fewer than 80% of its non-blank lines; its text reaches no prompt",
  "always-apply-too-large": "`rulebook lint`: the root scope's always-apply rules pass 8,000 tokens; names the three largest",
  "git-ignored": "git ignores the file, but a source names it literally and its tool reads it from disk: loaded",
  "export-copy":
    "a file `rulebook export` wrote while one of the sources its marker names exists: a copy, set aside so it never shadows or repeats its source",
  "export-orphan": "a file `rulebook export` wrote whose sources are all gone: read as an ordinary rule",
  "mode-unknown": "the CLI's `--mode` names a mode no rule declares",
  "glob-never-matches": "a glob compiles but can select no real file (an escaped `\\*`, a name ending in `.`)",
  "glob-matches-no-file":
    "`rulebook lint`: no glob of an auto-attach (or rulebook) rule selects a file of the project's walked tree, so the rule never comes in; one per glob, with a near folder when the glob's folder does not exist",
  "glob-unmatched": "`rulebook lint`: one glob of a rule selects no file of the project while its other globs do, so the rule still comes in",
  "condition-unchecked": "the rule has a trigger but no engine checked it",
  "file-name-not-utf8": "a file or folder name is not UTF-8, so it cannot be opened by name; its rules are not loaded",
  "hidden-character-lone": "one invisible character (e.g. U+2060 in a code span); removed from the prompt",
  "frontmatter-too-large": "more than 256 keys or 32 KiB; metadata ignored, the body loads",
  "frontmatter-key-invalid": "a list or mapping used as a key; left out",
  "name-twin": "two names differ only by Unicode normalisation or invisible characters: one rule",
  "import-missing": "an `@path` import written like a path names no file (or one that cannot be read); left as text",
  "import-outside": "an `@path` import leaves the project root and home (real paths), or is not Markdown from home; left as text",
  "import-untrusted":
    "an `@path` import leaves the project in a project the user has not trusted; left as text, naming the importing file and the target",
  "import-cycle": "an `@path` import names a file already being imported; left as text",
  "import-repeated": "a file is imported a second time in one rule; left as text",
  "import-too-deep": "imports nested more than 5 files deep; the reference stays text",
  "import-too-large": "the imported text would pass the rule's byte limit; the reference stays text",
  "import-unreadable": "an imported file is binary or not UTF-8; left as text",
  "import-limit": "a rule has more than 100 `@path` references; the rest stay text",
  "project-shadows-user":
    "a project rule replaces a user-level rule of the same name; both files named ([docs/behaviour.md](../../docs/behaviour.md#trust))",
  "user-rule-protected":
    "a project rule has the name of a protected user rule (`protected: true`, or the `protectedRules` load option); both apply, the project's as `<name>@project`",
  "rule-name-user-only":
    "a project rule's name starts with `~/` (a project folder named `~`), which only the user's own rules take; renamed `./~/\u2026`",
  "untrusted-config-skipped": "(configuration, `@rulebook/config`) an untrusted project's `rulebook.config.{js,mjs,cjs,ts}` was not imported",
  "untrusted-plugin-skipped": "(configuration) a provider that is not bundled was not imported in an untrusted project",
  "trust-list-invalid": "(configuration) the user's trust list cannot be read (or is a FIFO, a device, over 1 MiB); nothing is trusted through it",
  "ignore-file-skipped": "a `.gitignore` or `.git/info/exclude` is a FIFO, socket or device, or over 1 MiB; not read, its rules not applied",
  "ignore-budget": "the ignore files of the load pass 2 MiB or 10,000 wildcard patterns; the file that passes it and every later one are not applied",
  "config-file-skipped":
    "(configuration) a configuration file is a FIFO, socket or device, or over 1 MiB; not read, the project has no configuration from it",
  "not-rules":
    "agent skills, commands or subagents were found (`.claude/skills/*/SKILL.md`, `.claude/commands/` …): they are not rules, so they are not read; one line per load says how many, by folder",
  "listed-invalid":
    "a file that lists rule files (OpenCode's `opencode.json` `instructions`) is not valid JSON (on its line), cannot be read, or its list is not a list of text; or an entry is a glob that cannot be compiled; what it names is not read",
  "listed-outside":
    "an entry of such a list leaves the folder it may name files in (a project's list: the project, whether trusted or not; the user's own list: home); not read",
  "listed-skipped": "an entry of such a list is a URL: Rulebook reads no network, so it is not fetched",
  "listed-missing": "an entry of such a list names no file, or a folder, or its glob matches no file; nothing read",
  "listed-bounds": "such a list has more than 100 entries, or its entries name more than 256 files; the rest is not read",
} as const satisfies Record<DiagnosticCode, string>;
