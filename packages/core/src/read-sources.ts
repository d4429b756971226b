import { createDiagnostic } from "./diagnostics.js";
import { mapMaybe, settle } from "./maybe-promise.js";
import { isInside } from "./project-root.js";
import type { Provider, ProviderContext, ProviderResult } from "./provider.js";
import { type RuleFileOptions, type RuleFileResult, loadRuleFileMaybe } from "./rule-file.js";
import { type FoundRuleFile, errorText, scanRuleFolderMaybe, stripRuleExtension } from "./scan.js";
import { type PatternFileSource, type PatternFolderSource, type RuleSourceSpec, isPatternFolder } from "./sources.js";
import type { Diagnostic } from "./types.js";
import { walkProject } from "./walk.js";

/** One source of one provider, with how many rules it gave: what `rulebook providers` shows. */
export interface SourceReport {
  provider: string;
  source: RuleSourceSpec;
  rules: number;
}

/** What a load looked at, so a watcher can watch exactly that. */
export interface SearchedPaths {
  /** Folders listed (the walked project tree and every rule folder). */
  folders: string[];
  /** Single rule files and ignore files consulted. */
  files: string[];
}

/** A provider with the sources it declared for this load. */
export interface SourcePlan {
  provider: Provider;
  context: ProviderContext;
  sources: readonly RuleSourceSpec[];
}

/** Everything the sources of every provider gave, per provider in plan order. */
export interface SourceRead {
  results: ProviderResult[];
  reports: SourceReport[];
  searched: SearchedPaths;
}

/** Where a load may read: the real project root and real home, symlinks resolved. */
export interface Boundaries {
  project: string;
  user: string;
}

/**
 * Reads every declared source (docs/behaviour.md#providers): one walk of the project for all
 * pattern sources, then each provider's files in its source order. Never throws for data.
 */
export async function readSources(plans: readonly SourcePlan[], boundaries: Boundaries, base: ProviderContext): Promise<SourceRead> {
  const searched: SearchedPaths = { folders: [], files: [] };
  const patterns = new Set<string>();
  for (const { sources } of plans) for (const source of sources) for (const p of walkPatterns(source)) patterns.add(p);
  const walk = await walkProject({
    root: base.root,
    fs: base.fs,
    patterns: [...patterns],
    keep: interestingFiles(plans),
    ...(base.signal && { signal: base.signal }),
  });
  searched.folders.push(...walk.folders);
  searched.files.push(...walk.ignoreFiles);

  const reports: SourceReport[] = [];
  const results: ProviderResult[] = [];
  for (const [index, { provider, context, sources }] of plans.entries()) {
    const result: ProviderResult = { rules: [], diagnostics: index === 0 ? [...walk.diagnostics] : [] };
    for (const source of sources) {
      const options: RuleFileOptions = {
        source: { provider: provider.id, providerName: provider.displayName, level: source.level },
        boundary: source.level === "user" ? boundaries.user : boundaries.project,
        ...(source.activation && { activation: source.activation }),
        ...(source.mapFields && { mapFields: source.mapFields }),
        ...(source.modes && { modes: source.modes }),
        ...(source.imports && { imports: true }),
      };
      const found = await findFiles(context, source, walk.files, options, searched);
      const read = await mapMaybe(found.files, 64, (file) => loadRuleFileMaybe(context, file, options));
      const before = result.rules.length;
      collect(read, found.diagnostics, result);
      reports.push({ provider: provider.id, source, rules: result.rules.length - before });
    }
    results.push(result);
  }
  return { results, reports, searched };
}

function collect(read: readonly RuleFileResult[], diagnostics: readonly Diagnostic[], into: ProviderResult): void {
  for (const d of diagnostics) into.diagnostics.push(d);
  for (const one of read) {
    if (one.rule) into.rules.push(one.rule);
    for (const d of one.diagnostics) into.diagnostics.push(d);
  }
}

/** The file names and rule folders pattern sources want, so the walk skips every other file cheaply. */
function interestingFiles(plans: readonly SourcePlan[]): { names: Set<string>; folders: string[] } {
  const names = new Set<string>();
  const folders: string[] = [];
  for (const { sources } of plans) {
    for (const source of sources) {
      if (source.kind !== "pattern") continue;
      if (isPatternFolder(source)) folders.push(source.folder);
      else names.add(source.file.slice(source.file.lastIndexOf("/") + 1));
    }
  }
  return { names, folders };
}

/**
 * The tinyglobby patterns a source needs from the walk. Each is given both at the root and
 * under `**\/`: with `dot: false`, `**\/.cursor/...` alone does not enter a hidden folder at the root.
 */
function walkPatterns(source: RuleSourceSpec): string[] {
  if (source.kind !== "pattern") return [];
  let inFolder: string[];
  if (!isPatternFolder(source)) inFolder = [source.file];
  else {
    const exts = source.extensions.map((e) => e.replace(/^\./, ""));
    const files = exts.length === 1 ? `*.${exts[0]}` : `*.{${exts.join(",")}}`;
    // The folder itself too: a file where the rule folder should be is worth a diagnostic.
    inFolder = [`${source.folder}/**/${files}`, source.folder];
  }
  return inFolder.flatMap((p) => [p, `**/${p}`]);
}

interface Found {
  files: FoundRuleFile[];
  diagnostics: Diagnostic[];
}

async function findFiles(
  context: ProviderContext,
  source: RuleSourceSpec,
  walked: readonly string[],
  options: RuleFileOptions,
  searched: SearchedPaths,
): Promise<Found> {
  const where = { provider: options.source.provider };
  switch (source.kind) {
    case "file":
      searched.files.push(source.path);
      return settle(
        () => context.fs.stat(source.path),
        (stat): Found => {
          if (stat === undefined) return { files: [], diagnostics: [] };
          if (stat.kind === "directory") {
            const message = "expected a rule file, found a folder; ignored";
            return { files: [], diagnostics: [createDiagnostic("not-a-file", message, { ...where, path: source.path })] };
          }
          return { files: [{ path: source.path, name: source.name }], diagnostics: [] };
        },
        (error): Found => ({
          files: [],
          diagnostics: [createDiagnostic("file-unreadable", `cannot read file: ${errorText(error)}`, { ...where, path: source.path })],
        }),
      );
    case "folder": {
      const refused = await leavesBoundary(context, source.path, options.boundary);
      if (refused) return { files: [], diagnostics: [createDiagnostic("symlink-outside", refused, { ...where, path: source.path })] };
      const scan = await scanRuleFolderMaybe(context, source.path, {
        extensions: source.extensions,
        provider: where.provider,
        ...(source.skip && { skip: source.skip }),
        onFolder: (folder) => searched.folders.push(folder),
      });
      const prefix = source.namePrefix ?? "";
      return { files: prefix ? scan.files.map((f) => ({ ...f, name: prefix + f.name })) : scan.files, diagnostics: scan.diagnostics };
    }
    case "pattern":
      return isPatternFolder(source) ? folderMatches(context.root, source, walked, where) : fileMatches(context.root, source, walked);
  }
}

function fileMatches(root: string, source: PatternFileSource, walked: readonly string[]): Found {
  const files: FoundRuleFile[] = [];
  for (const rel of walked) {
    if (rel !== source.file && !rel.endsWith(`/${source.file}`)) continue;
    const scope = rel === source.file ? "" : rel.slice(0, rel.length - source.file.length - 1);
    // The walk lists hidden folders other sources name (`.claude`); `**/CLAUDE.md` must not match inside them.
    if (scope.split("/").some((segment) => segment.startsWith("."))) continue;
    files.push({ path: `${root}/${rel}`, name: scope ? `${scope}/${source.name}` : source.name, ...(scope && { scope }) });
  }
  return { files, diagnostics: [] };
}

function folderMatches(root: string, source: PatternFolderSource, walked: readonly string[], where: { provider: string }): Found {
  const files: FoundRuleFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const marker = `${source.folder}/`;
  for (const rel of walked) {
    if (rel === source.folder || rel.endsWith(`/${source.folder}`)) {
      const message = "expected a folder of rules, found a file; ignored";
      diagnostics.push(createDiagnostic("not-a-folder", message, { ...where, path: `${root}/${rel}` }));
      continue;
    }
    let at = 0;
    if (!rel.startsWith(marker)) {
      const slashAt = rel.indexOf(`/${marker}`);
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
    files.push({ path: `${root}/${rel}`, name, ...(scope && { scope }) });
  }
  return { files, diagnostics };
}

/** Why a rule folder cannot be read (its real path leaves the boundary), or undefined. */
async function leavesBoundary(context: ProviderContext, folder: string, boundary: string | undefined): Promise<string | undefined> {
  if (boundary === undefined || !context.fs.realpath) return undefined;
  try {
    const real = await context.fs.realpath(folder);
    if (isInside(real, boundary)) return undefined;
    return `rule folder is a link to ${real}, outside ${boundary} (the folder this source may read); not scanned`;
  } catch {
    // Missing (silent) or unreadable: the scan itself reports what is wrong.
    return undefined;
  }
}
