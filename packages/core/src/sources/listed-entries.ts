import { basename, dirname, isAbsolute, join, posix, relative } from "node:path";
import { walkProject } from "../load/walk.js";
import { globProblem } from "../glob/compile.js";
import { WalkMatcher } from "../glob/walk-matcher.js";
import { createDiagnostic } from "../rule/diagnostics.js";
import type { Diagnostic, RuleLevel } from "../rule/types.js";
import type { ExpandContext } from "./kind.js";
import { folderMatches, isDanglingLink, pathKind } from "./listed-disk.js";
import { GLOB, URL_LIKE, escapeGlob, foldersUp, inside, isGlob, lastSegmentGlob, matchesPath, stem, unescaped } from "./listed-paths.js";

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
  /** What the walk for globs reported (a truncated walk), and links that point to nothing. */
  diagnostics: Diagnostic[];
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
export function listedFiles(entries: readonly ListedEntry[], level: RuleLevel, where: ExpandContext): Promise<ListedFiles> {
  return new ListResolution(entries, level, where).run();
}

/** Where an entry leads: project-relative targets (paths or globs), a path under home, and whether some of it leaves where the list may read. */
interface EntryTargets {
  targets: string[];
  home?: string;
  outside: boolean;
}

/** One list being resolved: each entry's files and problems, kept in the order of the entries. */
class ListResolution {
  private readonly out: ListedFiles = { files: [], problems: [], diagnostics: [] };
  private readonly found: ListedFile[][];
  private readonly problems: ListedProblem[][];
  private readonly globs: Array<{ index: number; matcher: WalkMatcher }> = [];
  private readonly patterns: string[] = [];
  /** The project root, unless this provider reads no project in this load (the root at home, or the project's configuration leaves it out). */
  private readonly project: string | undefined;
  private readonly folders: string[];

  constructor(
    private readonly entries: readonly ListedEntry[],
    private readonly level: RuleLevel,
    private readonly where: ExpandContext,
  ) {
    this.found = entries.map(() => []);
    this.problems = entries.map(() => []);
    const { context } = where;
    this.project = where.userOnly ? undefined : context.root;
    this.folders = this.project === undefined ? [] : foldersUp(context.cwd, this.project);
  }

  async run(): Promise<ListedFiles> {
    for (const [index, entry] of this.entries.entries()) await this.resolve(index, entry);
    await this.walkGlobs();
    this.out.problems.push(...this.problems.flat());
    const seen = new Set<string>();
    for (const file of this.found.flat()) {
      if (seen.has(file.path)) continue;
      seen.add(file.path);
      this.out.files.push(file);
    }
    if (this.out.files.length > LISTED_LIMITS.maxFiles) {
      this.out.problems.push({
        code: "listed-bounds",
        message: `its entries name ${this.out.files.length} files; only the first ${LISTED_LIMITS.maxFiles} are read`,
      });
      this.out.files.length = LISTED_LIMITS.maxFiles;
    }
    return this.out;
  }

  private async resolve(index: number, { text }: ListedEntry): Promise<void> {
    const quoted = JSON.stringify(text);
    if (URL_LIKE.test(text))
      return this.problem(index, "listed-skipped", `${quoted} is a URL: OpenCode fetches it, Rulebook reads no network; not read`);
    const { targets, home, outside } = this.targetsOf(text);
    if (outside) {
      const from = this.level === "project" ? "the project (a project's list names only its own files)" : "your home folder";
      const message =
        targets.length > 0
          ? `${quoted} leaves the project from some of the folders it is looked up in (cwd up to the project root); not read from those`
          : `${quoted} leaves ${from}; not read`;
      this.problem(index, "listed-outside", message);
    }
    if (home !== undefined) return this.readHome(index, home);
    if (targets.length === 0) return;
    if (!targets.some(isGlob)) return this.readLiteral(index, targets);
    const refused = targets.map((t) => globProblem(t)).find((p) => p !== undefined);
    if (refused !== undefined) return this.problem(index, "listed-invalid", `${quoted} is not a glob Rulebook can match: ${refused}; not read`);
    this.globs.push({ index, matcher: new WalkMatcher(targets) });
    this.patterns.push(...targets);
  }

  /** Where an entry leads, by its form: `~/…` and absolute paths as written, anything else from each folder between `cwd` and the root. */
  private targetsOf(text: string): EntryTargets {
    const { context } = this.where;
    if (text !== "~" && !text.startsWith("~/") && !isAbsolute(text)) {
      const targets: string[] = [];
      let outside = false;
      for (const folder of this.folders) {
        const rel = posix.normalize(posix.join(folder, text));
        if (rel === ".." || rel.startsWith("../")) outside = true;
        else if (!targets.includes(rel)) targets.push(rel);
      }
      return { targets, outside };
    }
    const absolute = text.startsWith("~") ? join(context.home, text.slice(2)) : posix.normalize(text);
    const inProject = this.project === undefined ? undefined : inside(this.project, absolute);
    if (inProject !== undefined) return { targets: [lastSegmentGlob(inProject)], outside: false };
    if (this.level !== "user" || inside(context.home, absolute) === undefined) return { targets: [], outside: true };
    // A project's file stays the project's: when this provider does not read the project, the user's list does not reach into it.
    if (this.project === undefined && context.root !== context.home && inside(context.root, absolute) !== undefined)
      return { targets: [], outside: false };
    return { targets: [], home: absolute, outside: false };
  }

  /** A path under home: the file, or with a glob in its last segment the files of its folder that match. */
  private async readHome(index: number, path: string): Promise<void> {
    const { context, searched } = this.where;
    const quoted = JSON.stringify(this.entries[index]?.text);
    const name = basename(path);
    const add = (file: string) =>
      this.found[index]?.push({ path: file, name: `~/${stem(relative(context.home, file).split("\\").join("/"))}`, level: "user" });
    if (GLOB.test(name) && !GLOB.test(dirname(path))) {
      searched.folders.push(dirname(path));
      this.watchGlobs([`${escapeGlob(dirname(path))}/${name}`]);
      const files = await folderMatches(context, dirname(path), name, (file) => this.dangling(file));
      if (files.length === 0) return this.problem(index, "listed-missing", `${quoted} matches no file; nothing read`);
      for (const file of files) add(file);
      return;
    }
    searched.files.push(path);
    const kind = await pathKind(context, path);
    if (kind === "file") add(path);
    else if (kind === "folder") this.problem(index, "listed-missing", `${quoted} names a folder, not a file; nothing read`);
    else if (!(await this.dangling(path))) this.problem(index, "listed-missing", `${quoted} names no file; nothing read`);
  }

  /** Paths in the project, read whatever git ignores, each that is a file. */
  private async readLiteral(index: number, targets: readonly string[]): Promise<void> {
    const { context, searched } = this.where;
    let folder = false;
    let dangling = false;
    for (const target of targets) {
      const rel = unescaped(target);
      const path = rel === "." ? context.root : join(context.root, rel);
      searched.files.push(path);
      const kind = await pathKind(context, path);
      if (kind === "file") this.found[index]?.push(this.projectFile(rel));
      else if (kind === "folder") folder = true;
      else if (await this.dangling(path)) dangling = true;
    }
    if (this.found[index]?.length !== 0 || dangling) return;
    this.problem(
      index,
      "listed-missing",
      `${JSON.stringify(this.entries[index]?.text)} names ${folder ? "a folder, not a file" : "no file"}; nothing read`,
    );
  }

  /** One walk of the project for every glob of the list; each file goes to the first glob entry that matches it. */
  private async walkGlobs(): Promise<void> {
    if (this.patterns.length === 0 || this.project === undefined) return;
    const { context, searched } = this.where;
    const walk = await walkProject({
      root: this.project,
      fs: context.fs,
      patterns: this.patterns,
      ...(context.signal && { signal: context.signal }),
    });
    searched.folders.push(...walk.folders);
    this.watchGlobs(this.patterns.map((pattern) => `${escapeGlob(this.project as string)}/${pattern}`));
    for (const d of walk.diagnostics) this.out.diagnostics.push(d);
    for (const file of walk.files) {
      const owner = this.globs.find((g) => matchesPath(g.matcher, file));
      // The walk lists a link as a file whatever it points to.
      if (owner && !(await this.dangling(join(this.project, file)))) this.found[owner.index]?.push(this.projectFile(file));
    }
    for (const { index } of this.globs) {
      if (this.found[index]?.length === 0)
        this.problem(index, "listed-missing", `${JSON.stringify(this.entries[index]?.text)} matches no file; nothing read`);
    }
  }

  private projectFile(rel: string): ListedFile {
    return { path: join(this.where.context.root, rel), name: stem(rel), level: "project" };
  }

  private problem(index: number, code: ListedProblem["code"], message: string): void {
    const line = this.entries[index]?.line;
    this.problems[index]?.push({ code, message, ...(line !== undefined && { line }) });
  }

  /** A link that points to nothing gets a diagnostic of its own, as in a rule folder; true when `path` is one. */
  private async dangling(path: string): Promise<boolean> {
    if (!(await isDanglingLink(this.where.context, path))) return false;
    this.out.diagnostics.push(
      createDiagnostic("file-unreadable", "symlink points to nothing (dangling); ignored", { provider: this.where.provider, path }),
    );
    return true;
  }

  /** Adds absolute globs to what the load looked at, so a watcher sees a file appear where one matches. */
  private watchGlobs(globs: readonly string[]): void {
    this.where.searched.globs = [...(this.where.searched.globs ?? []), ...globs];
  }
}
