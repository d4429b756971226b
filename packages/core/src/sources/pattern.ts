import { createDiagnostic } from "../rule/diagnostics.js";
import { extensionsProblem, isCleanRelative, show } from "./checks.js";
import { type Found, type KindContext, type PatternSource, type SimpleKind, type SourceWatch, hasExtension, readAsDeclared } from "./kind.js";
import { stripRuleExtension } from "./scan.js";
import type { FoundRuleFile, PatternFileSource, PatternFolderSource } from "./types.js";

/**
 * The `pattern` kind: a rule file or rule folder found at any depth of the project by the
 * load's one walk, scoped to the folder that holds it (docs/behaviour.md#providers).
 */
export const patternKind: SimpleKind<PatternSource> = {
  name: "pattern",
  ...readAsDeclared,
  keys: ["folder", "file", "name", "extensions", "skip"],
  problem(s) {
    if ((s.folder === undefined) === (s.file === undefined)) return "that names neither or both of a folder and a file";
    const relative = typeof s.folder === "string" ? s.folder : s.file;
    if (typeof relative !== "string" || !isCleanRelative(relative))
      return `whose ${s.folder !== undefined ? "folder" : "file"} ${show(relative)} is not a clean relative path`;
    if (s.file !== undefined) return typeof s.name === "string" && s.name.trim() !== "" ? undefined : `whose name is ${show(s.name)}`;
    return extensionsProblem(s.extensions);
  },
  patterns: (source) => [source],
  find: (source, kind) => ("folder" in source ? folderMatches(source, kind) : fileMatches(source, kind)),
  watch: watchPattern,
  label: (source) => ("folder" in source ? `**/${source.folder}/` : `**/${source.file}`),
};

/**
 * The globs a pattern source needs from the walk, at any depth (`**\/`, which also matches at
 * the root), matched with picomatch's `dot: false` rules.
 */
export function patternGlobs(source: PatternSource): string[] {
  let inFolder: string[];
  if (!("folder" in source)) inFolder = [source.file];
  else {
    const exts = source.extensions.map((e) => e.replace(/^\./, ""));
    const files = exts.length === 1 ? `*.${exts[0]}` : `*.{${exts.join(",")}}`;
    // The folder itself too: a file where the rule folder should be is worth a diagnostic.
    inFolder = [`${source.folder}/**/${files}`, source.folder];
  }
  return inFolder.map((p) => `**/${p}`);
}

/** Adds what the walk must keep for a pattern source: a file name, or a rule folder. */
export function keepForPattern(source: PatternSource, keep: { names: Set<string>; folders: string[] }): void {
  if ("folder" in source) keep.folders.push(source.folder);
  else keep.names.add(source.file.slice(source.file.lastIndexOf("/") + 1));
}

/**
 * A pattern source depends on its file, or its rule folder's files, in any folder of the
 * walked tree (the walk's own folders are watched through `searched.folders`).
 */
function watchPattern(source: PatternSource): SourceWatch {
  if (!("folder" in source)) return { paths: [], concerns: (path) => path.endsWith(`/${source.file}`) };
  const marker = `/${source.folder}/`;
  return {
    paths: [],
    // A file where the rule folder should be is reported by the load too.
    concerns: (path) => path.endsWith(`/${source.folder}`) || (path.includes(marker) && hasExtension(path, source.extensions)),
  };
}

function fileMatches(source: PatternFileSource, { context, walked }: KindContext): Found {
  const files: FoundRuleFile[] = [];
  // Each source reads every walked path: the strings it tests with are made once, not per path.
  const slashFile = `/${source.file}`;
  // Indexed: this loop mostly runs before the JIT has optimised it (no iterator result per path).
  for (let i = 0; i < walked.length; i++) {
    const rel = walked[i] as string;
    if (rel !== source.file && !rel.endsWith(slashFile)) continue;
    const scope = rel === source.file ? "" : rel.slice(0, rel.length - source.file.length - 1);
    // The walk lists hidden folders other sources name (`.claude`); `**/CLAUDE.md` must not match inside them.
    if (scope.split("/").some((segment) => segment.startsWith("."))) continue;
    files.push({ path: `${context.root}/${rel}`, name: scope ? `${scope}/${source.name}` : source.name, ...(scope && { scope }) });
  }
  return { files, diagnostics: [] };
}

function folderMatches(source: PatternFolderSource, { context, walked, provider }: KindContext): Found {
  const found: Found = { files: [], diagnostics: [] };
  const marker = `${source.folder}/`;
  const slashFolder = `/${source.folder}`;
  const slashMarker = `/${marker}`;
  for (let i = 0; i < walked.length; i++) {
    const rel = walked[i] as string;
    if (rel === source.folder || rel.endsWith(slashFolder)) {
      const message = "expected a folder of rules, found a file; ignored";
      found.diagnostics.push(createDiagnostic("not-a-folder", message, { provider, path: `${context.root}/${rel}` }));
      continue;
    }
    let at = 0;
    if (!rel.startsWith(marker)) {
      const slashAt = rel.indexOf(slashMarker);
      if (slashAt < 0) continue;
      at = slashAt + 1;
    }
    const scope = rel.slice(0, Math.max(0, at - 1));
    const inner = rel.slice(at + marker.length);
    if (source.skip?.some((s) => inner.startsWith(`${s}/`))) continue;
    const slash = inner.lastIndexOf("/");
    const stem = stripRuleExtension(inner.slice(slash + 1), source.extensions);
    if (stem === undefined) continue;
    const name = `${scope ? `${scope}/` : ""}${inner.slice(0, slash + 1)}${stem}`;
    found.files.push({ path: `${context.root}/${rel}`, name, ...(scope && { scope }) });
  }
  return found;
}
