import { createDiagnostic } from "../rule/diagnostics.js";
import { parseJsonc } from "../read/jsonc.js";
import { absoluteProblem, show } from "./checks.js";
import type { ExpandContext, Expanded, SourceKind } from "./kind.js";
import { readListedFile } from "./listed-disk.js";
import { LISTED_LIMITS, type ListedEntry, type ListedFile, listedFiles } from "./listed-entries.js";
import type { FileSource, ListedSource } from "./types.js";

/**
 * The `listed` kind: the rule files a JSON or JSONC file lists under a key, as paths and globs
 * (OpenCode's `opencode.json` `instructions`; docs/behaviour.md#listed-files). The file is read as
 * every file Rulebook opens (never a FIFO, at most the size limit); a JSON error or an entry that
 * cannot be read is a diagnostic on its line, never a crash; each file found is a `file` source.
 */
export const listedKind: SourceKind<ListedSource> = {
  name: "listed",
  readsFiles: true,
  keys: ["file", "key"],
  problem: (s) => absoluteProblem("file", s.file) ?? (typeof s.key === "string" && s.key !== "" ? undefined : `whose key is ${show(s.key)}`),
  expand: (source, where) => expandListed(source, where),
  patterns: () => [],
  // What a list names depends on the list: the contract has nothing to place.
  place: () => [],
};

async function expandListed(source: ListedSource, where: ExpandContext): Promise<Expanded> {
  const out: Expanded = { sources: [], diagnostics: [] };
  // A project's list is the project's: not read when this provider reads no project in this load.
  if (where.userOnly && source.level === "project") return out;
  where.searched.files.push(source.file);
  const at = (line?: number) => ({ provider: where.provider, path: source.file, ...(line !== undefined && { line }) });
  const read = await readListedFile(where.context, source.file);
  if (read === undefined) return out;
  if ("problem" in read) {
    out.diagnostics.push(createDiagnostic("listed-invalid", `${read.problem}; the files it lists are not read`, at()));
    return out;
  }
  const parsed = parseJsonc(read.text);
  if ("problem" in parsed) {
    out.diagnostics.push(createDiagnostic("listed-invalid", `${parsed.problem}; the files its "${source.key}" lists are not read`, at(parsed.line)));
    return out;
  }
  const list =
    typeof parsed.value === "object" && parsed.value !== null && !Array.isArray(parsed.value)
      ? (parsed.value as Record<string, unknown>)[source.key]
      : undefined;
  if (list === undefined || list === null) return out;
  const lines = new EntryLines(read.text, source.key);
  if (!Array.isArray(list)) {
    out.diagnostics.push(
      createDiagnostic(
        "listed-invalid",
        `"${source.key}" must be a list of paths and globs; it is ${show(list)}, so nothing it names is read`,
        at(lines.key),
      ),
    );
    return out;
  }
  const texts = list.filter((entry): entry is string => typeof entry === "string");
  if (texts.length < list.length) {
    out.diagnostics.push(
      createDiagnostic(
        "listed-invalid",
        `"${source.key}" must be a list of paths and globs (text); ${list.length - texts.length} of its entries are not text and are ignored`,
        at(lines.key),
      ),
    );
  }
  const entries = texts.filter((text) => text !== "").map((text): ListedEntry => ({ text, ...lines.of(text) }));
  if (entries.length > LISTED_LIMITS.maxEntries) {
    const message = `"${source.key}" has ${entries.length} entries; only the first ${LISTED_LIMITS.maxEntries} are read`;
    out.diagnostics.push(createDiagnostic("listed-bounds", message, at(entries[LISTED_LIMITS.maxEntries]?.line ?? lines.key)));
    entries.length = LISTED_LIMITS.maxEntries;
  }
  const found = await listedFiles(entries, source.level, where);
  for (const problem of found.problems) out.diagnostics.push(createDiagnostic(problem.code, problem.message, at(problem.line ?? lines.key)));
  for (const d of found.diagnostics) out.diagnostics.push(d);
  for (const file of found.files) out.sources.push(fileSource(source, file));
  return out;
}

function fileSource(source: ListedSource, file: ListedFile): FileSource {
  const { kind: _kind, file: _file, key: _key, ...options } = source;
  return { ...options, level: file.level, kind: "file", path: file.path, name: file.name };
}

/**
 * Where the key and each entry are written in the file: the key's first occurrence, then each
 * entry's next occurrence after the one before (as JSON writes it), so repeated texts get
 * their own lines. Positions only; a text written with other escapes has no line.
 */
class EntryLines {
  readonly key: number | undefined;
  private from: number;
  // Lines are counted once, forward: every position asked for is past the one before.
  private counted = 0;
  private line = 1;

  constructor(
    private readonly text: string,
    key: string,
  ) {
    const at = text.indexOf(JSON.stringify(key));
    this.key = at < 0 ? undefined : this.lineOf(at);
    this.from = Math.max(at, 0);
  }

  of(entry: string): { line?: number } {
    const at = this.text.indexOf(JSON.stringify(entry), this.from);
    if (at < 0) return {};
    this.from = at + 1;
    return { line: this.lineOf(at) };
  }

  private lineOf(at: number): number {
    for (; this.counted < at; this.counted++) if (this.text.charCodeAt(this.counted) === 10) this.line++;
    return this.line;
  }
}
