import { basename, dirname, isAbsolute, join, posix, relative } from "node:path";
import { walkProject } from "../load/walk.js";
import { globProblem } from "../glob/compile.js";
import { WalkMatcher } from "../glob/walk-matcher.js";
import type { ProviderContext } from "../provider/provider.js";
import { DecodedText, decodeText, isMissing, readTextOf } from "../read/fs.js";
import { createDiagnostic } from "../rule/diagnostics.js";
import type { Diagnostic, RuleLevel } from "../rule/types.js";
import { errorText } from "../text/error-text.js";
import type { ExpandContext } from "./kind.js";

/** Bounds of one list: how many entries are read, and how many files its entries may name in all. */
export const LISTED_LIMITS = { maxEntries: 100, maxFiles: 256 } as const;

/** One entry of a list, as written, with its line in the file. */
export interface ListedEntry {
  text: string;
  line?: number;
}

/** Why an entry gave no file, or gave fewer than it names. */
export interface ListedProblem {
  code: "listed-invalid" | "listed-outside" | "listed-skipped" | "listed-missing" | "listed-bounds";
  message: string;
  line?: number;
}

/** A file an entry names: its absolute path, its rule name, and whose text it is. */
export interface ListedFile {
  path: string;
  name: string;
  /** `project` for a file inside the project, whoever's list names it; `user` for one under home. */
  level: RuleLevel;
}

/** What the entries of a list stand for: the files, in the order of the entries, and why some gave none. */
export interface ListedFiles {
  files: ListedFile[];
  problems: ListedProblem[];
  /** What the walk for globs reported (a truncated walk). */
  diagnostics: Diagnostic[];
}

const GLOB = /[*?[\]{}]/;
const URL_LIKE = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * Reads a list's JSON file as every file Rulebook opens is read (never a FIFO or device, at most
 * the size limit, UTF-8): its text, why it cannot be read, or undefined when it is not there.
 */
export async function readListedFile(context: ProviderContext, path: string): Promise<{ text: string } | { problem: string } | undefined> {
  try {
    const read = await readTextOf(context.fs, path, context.maxFileBytes);
    if (read instanceof DecodedText) return { text: read.text };
    if ("tooLarge" in read) return { problem: `file is ${read.tooLarge} bytes, over the ${context.maxFileBytes}-byte limit` };
    try {
      return { text: decodeText(read.bytes) };
    } catch {
      return { problem: "file is not valid UTF-8" };
    }
  } catch (error) {
    if (isMissing(error)) return undefined;
    const code = (error as { code?: string }).code;
    if (code === "ENOTREG") return { problem: "expected a JSON file, found a FIFO, socket or device; not opened" };
    if (code === "EISDIR") return { problem: "expected a JSON file, found a folder" };
    return { problem: `cannot read file: ${errorText(error)}` };
  }
}

/**
 * The files a list's entries name, resolved as OpenCode resolves its `instructions`
 * (docs/behaviour.md#listed-files): a relative entry (a path or a glob) in each folder from `cwd`
 * up to the project root, whoever's list it is in; `~/…` from home; an absolute path as written,
 * with a glob only in its last segment. A file inside the project is a project file, whoever
 * names it; a project's list names nothing outside the project (`../x`, `~/x`, `/etc/x` are
 * refused), the user's own list may name files under home. A URL is never fetched. Globs are
 * matched by one walk of the project for the whole list (`.gitignore` honoured, `node_modules`
 * never entered, hidden folders only when a glob names them); a literal path is read whatever git
 * ignores, as a tool reads a file it is told to.
 */
export async function listedFiles(entries: readonly ListedEntry[], level: RuleLevel, where: ExpandContext): Promise<ListedFiles> {
  const { context } = where;
  // With no project in this load (the root at home, or the project's configuration leaves this provider out), only home is read.
  const project = where.userOnly ? undefined : context.root;
  const folders = project === undefined ? [] : foldersUp(context.cwd, project);
  const out: ListedFiles = { files: [], problems: [], diagnostics: [] };
  const found: ListedFile[][] = entries.map(() => []);
  const globs: Array<{ index: number; matcher: WalkMatcher }> = [];
  const patterns: string[] = [];
  // Each entry's problems, so they come in the order of the entries, whenever they are found.
  const problems: ListedProblem[][] = entries.map(() => []);
  let current = 0;
  const problem = (code: ListedProblem["code"], message: string, line: number | undefined, index = current) =>
    problems[index]?.push({ code, message, ...(line !== undefined && { line }) });
  const projectFile = (rel: string): ListedFile => ({ path: join(context.root, rel), name: stem(rel), level: "project" });
  // A link that points to nothing is named in a diagnostic of its own, as a rule folder's would be.
  const dangling = async (path: string): Promise<boolean> => {
    if (!(await isDanglingLink(context, path))) return false;
    out.diagnostics.push(createDiagnostic("file-unreadable", "symlink points to nothing (dangling); ignored", { provider: where.provider, path }));
    return true;
  };

  for (const [index, { text, line }] of entries.entries()) {
    current = index;
    const quoted = JSON.stringify(text);
    if (URL_LIKE.test(text)) {
      problem("listed-skipped", `${quoted} is a URL: OpenCode fetches it, Rulebook reads no network; not read`, line);
      continue;
    }
    const targets: string[] = [];
    let outside = false;
    let homePath: string | undefined;
    if (text === "~" || text.startsWith("~/") || isAbsolute(text)) {
      const absolute = text.startsWith("~") ? join(context.home, text.slice(2)) : posix.normalize(text);
      const inProject = project === undefined ? undefined : inside(project, absolute);
      if (inProject !== undefined) targets.push(lastSegmentGlob(inProject));
      else if (level === "user" && inside(context.home, absolute) !== undefined) {
        // A project's file stays the project's: when this provider does not read the project, the user's list does not reach into it.
        if (project === undefined && context.root !== context.home && inside(context.root, absolute) !== undefined) continue;
        homePath = absolute;
      } else outside = true;
    } else {
      for (const folder of folders) {
        const rel = posix.normalize(posix.join(folder, text));
        if (rel === ".." || rel.startsWith("../")) outside = true;
        else if (!targets.includes(rel)) targets.push(rel);
      }
    }
    if (outside) {
      const from = level === "project" ? "the project (a project's list names only its own files)" : "your home folder";
      const message = targets.length > 0 ? `${quoted} leaves the project from some of the folders it is looked up in (cwd up to the project root); not read from those` : `${quoted} leaves ${from}; not read`;
      problem("listed-outside", message, line);
    }
    if (homePath !== undefined) {
      const files = await homeFiles(homePath, context, where, dangling);
      if (files === "dangling") continue;
      if (files === "folder") problem("listed-missing", `${quoted} names a folder, not a file; nothing read`, line);
      else if (files.length === 0) problem("listed-missing", `${quoted} ${GLOB.test(basename(homePath)) ? "matches no file" : "names no file"}; nothing read`, line);
      for (const path of files === "folder" ? [] : files) found[index]?.push({ path, name: `~/${stem(relative(context.home, path).split("\\").join("/"))}`, level: "user" });
      continue;
    }
    if (targets.length === 0) continue;
    if (targets.some((t) => GLOB.test(t.replace(/\\./g, "")))) {
      const refused = targets.map((t) => globProblem(t)).find((p) => p !== undefined);
      if (refused !== undefined) {
        problem("listed-invalid", `${quoted} is not a glob Rulebook can match: ${refused}; not read`, line);
        continue;
      }
      globs.push({ index, matcher: new WalkMatcher(targets) });
      patterns.push(...targets);
      continue;
    }
    // Whether a target is a folder; undefined once one was a dangling link (reported on its own).
    let folder: boolean | undefined = false;
    for (const target of targets) {
      const rel = target.replace(/\\(.)/g, "$1");
      const path = rel === "." ? context.root : join(context.root, rel);
      where.searched.files.push(path);
      const stat = await statOf(context, path);
      if (stat === "folder") folder = true;
      else if (stat === "file") found[index]?.push(projectFile(rel));
      else if (await dangling(path)) folder = undefined;
    }
    if (found[index]?.length === 0 && folder !== undefined) problem("listed-missing", `${quoted} names ${folder ? "a folder, not a file" : "no file"}; nothing read`, line);
  }

  if (patterns.length > 0 && project !== undefined) {
    const walk = await walkProject({ root: project, fs: context.fs, patterns, ...(context.signal && { signal: context.signal }) });
    where.searched.folders.push(...walk.folders);
    (where.searched.globs ??= []).push(...patterns.map((pattern) => `${escapeGlob(project)}/${pattern}`));
    for (const d of walk.diagnostics) out.diagnostics.push(d);
    // Each file goes to the first glob entry that matches it, so the files come in the order of the entries.
    for (const file of walk.files) {
      const owner = globs.find((g) => matchesPath(g.matcher, file));
      // The walk lists a link as a file whatever it points to.
      if (owner && !(await dangling(join(project, file)))) found[owner.index]?.push(projectFile(file));
    }
    for (const { index } of globs) {
      const entry = entries[index] as ListedEntry;
      if (found[index]?.length === 0) problem("listed-missing", `${JSON.stringify(entry.text)} matches no file; nothing read`, entry.line, index);
    }
  }

  out.problems.push(...problems.flat());
  const seen = new Set<string>();
  for (const file of found.flat()) {
    if (seen.has(file.path)) continue;
    seen.add(file.path);
    out.files.push(file);
  }
  if (out.files.length > LISTED_LIMITS.maxFiles) {
    out.problems.push({ code: "listed-bounds", message: `its entries name ${out.files.length} files; only the first ${LISTED_LIMITS.maxFiles} are read` });
    out.files.length = LISTED_LIMITS.maxFiles;
  }
  return out;
}

/** The folders from `cwd` up to the project root, relative to the root (`""` for the root), nearest first; only the root when `cwd` is outside it. */
function foldersUp(cwd: string, root: string): string[] {
  const rel = inside(root, cwd);
  if (rel === undefined || rel === ".") return [""];
  const parts = rel.split("/");
  return parts.map((_, i) => parts.slice(0, parts.length - i).join("/")).concat("");
}

/** `path` relative to `folder` with `/` (`.` for the folder itself), or undefined when it is not inside it. */
function inside(folder: string, path: string): string | undefined {
  const rel = relative(folder, path).split("\\").join("/");
  if (rel === "") return ".";
  return rel === ".." || rel.startsWith("../") || isAbsolute(rel) ? undefined : rel;
}

/** A rule's name from a file's relative path: the path without a final `.md`. */
function stem(rel: string): string {
  return rel.endsWith(".md") ? rel.slice(0, -3) : rel;
}

/** `path` with its glob characters escaped, so it matches only itself. */
function escapeGlob(path: string): string {
  return path.split("\\").join("/").replace(/[*?[\]{}]/g, "\\$&");
}

/** A path whose folder part is literal (OpenCode globs only the last segment of `~/…` and absolute entries): its wildcards escaped. */
function lastSegmentGlob(rel: string): string {
  const folder = posix.dirname(rel);
  return GLOB.test(folder) ? `${escapeGlob(folder)}/${posix.basename(rel)}` : rel;
}

/** True when the walk's matcher for one entry accepts a project path, segment by segment, as the walk did. */
function matchesPath(matcher: WalkMatcher, path: string): boolean {
  const parts = path.split("/");
  let state = matcher.start;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = matcher.step(state, parts[i] as string).folder;
    if (next === undefined) return false;
    state = next;
  }
  return matcher.step(state, parts[parts.length - 1] as string).file;
}

/**
 * The files a path under home names: the file itself, or with a glob in its last segment the
 * files of its folder that match it (a name starting with `.` only when the glob does), in byte
 * order; `"folder"` when it names a folder.
 */
async function homeFiles(path: string, context: ProviderContext, where: ExpandContext, dangling: (path: string) => Promise<boolean>): Promise<string[] | "folder" | "dangling"> {
  const name = basename(path);
  if (!GLOB.test(name) || GLOB.test(dirname(path))) {
    where.searched.files.push(path);
    const stat = await statOf(context, path);
    return stat === "folder" ? "folder" : stat === "file" ? [path] : (await dangling(path)) ? "dangling" : [];
  }
  if (globProblem(name) !== undefined) return [];
  const folder = dirname(path);
  where.searched.folders.push(folder);
  (where.searched.globs ??= []).push(`${escapeGlob(folder)}/${name}`);
  const matcher = new WalkMatcher([name]);
  let listed: Array<{ name: string; kind: string }>;
  try {
    listed = await context.fs.readdir(folder);
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const entry of [...listed].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (!matcher.step(matcher.start, entry.name).file) continue;
    const full = join(folder, entry.name);
    if (entry.kind === "file") files.push(full);
    else if (entry.kind === "symlink") {
      const stat = await statOf(context, full);
      if (stat === "file") files.push(full);
      else if (stat === "none") await dangling(full);
    }
  }
  return files;
}

/** True when `path` is a symlink that points to nothing: its folder lists it, but it cannot be followed. */
async function isDanglingLink(context: ProviderContext, path: string): Promise<boolean> {
  if ((await statOf(context, path)) !== "none") return false;
  try {
    const name = basename(path);
    return (await context.fs.readdir(dirname(path))).some((entry) => entry.name === name && entry.kind === "symlink");
  } catch {
    return false;
  }
}

async function statOf(context: ProviderContext, path: string): Promise<"file" | "folder" | "none"> {
  try {
    const stat = await context.fs.stat(path);
    return stat === undefined ? "none" : stat.kind === "directory" ? "folder" : "file";
  } catch {
    return "none";
  }
}
