import { chmod, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, normalize, sep } from "node:path";

/** A folder where a rule file is expected; it holds one non-rule file so it is not empty. */
export interface FolderFixture {
  kind: "folder";
}

/** A file the current user cannot read (mode 000); root can still read it. */
export interface UnreadableFixture {
  kind: "unreadable";
  content: string;
}

/** A symlink; `target` is written as given (relative to the link's folder, or absolute). */
export interface SymlinkFixture {
  kind: "symlink";
  target: string;
}

/** What {@link writeRules} can put at a path: text, bytes, or one of the special fixtures. */
export type FixtureContent = string | Uint8Array | FolderFixture | UnreadableFixture | SymlinkFixture;

/** Options of {@link writeRules}. */
export interface WriteRulesOptions {
  /** Absolute folder the paths of `files` are relative to. */
  root: string;
  /** Relative path (with `/`) → what to put there. Parent folders are created. */
  files: Readonly<Record<string, FixtureContent>>;
}

/**
 * Writes fixture files under `root`, e.g. `writeRules({ root, files: { ".agents/rules/a.md": "# A" } })`,
 * and resolves to the absolute paths written, in the order of `files`.
 */
export async function writeRules({ root, files }: WriteRulesOptions): Promise<string[]> {
  const written: string[] = [];
  for (const [relPath, content] of Object.entries(files)) {
    const path = resolveInside(root, relPath);
    await mkdir(dirname(path), { recursive: true });
    await writeFixture(path, content);
    written.push(path);
  }
  return written;
}

/** Where {@link TempProject.write} puts a file: under the project (`cwd`) or under `home`. */
export type FixtureRoot = "proj" | "home";

/** A throw-away project folder and home folder side by side in the system temp folder. */
export interface TempProject {
  /** The temp folder holding `proj/` and `home/`. */
  root: string;
  /** Absolute project folder (`<root>/proj`). */
  cwd: string;
  /** Absolute home folder (`<root>/home`). */
  home: string;
  /** Writes one fixture under the project or home folder and resolves to its absolute path. */
  write(relPath: string, content: FixtureContent, where?: FixtureRoot): Promise<string>;
  /** Writes many fixtures (see {@link writeRules}) under the project or home folder. */
  writeAll(files: Readonly<Record<string, FixtureContent>>, where?: FixtureRoot): Promise<string[]>;
  /** Removes everything. Safe to call twice. */
  cleanup(): Promise<void>;
}

/** Options of {@link createTempProject}. */
export interface TempProjectOptions {
  /** Creates `proj/.git` so the project is a repository root. Default false. */
  git?: boolean;
  /** Prefix of the temp folder name, to recognise leftovers. */
  prefix?: string;
}

/** Creates an empty `proj/` and `home/` in a new temp folder, for tests that load from disk. */
export async function createTempProject(options: TempProjectOptions = {}): Promise<TempProject> {
  // realpath: on some systems the temp folder is behind a symlink (/var → /private/var).
  const root = await realpath(await mkdtemp(join(tmpdir(), options.prefix ?? "rulebook-test-")));
  const cwd = join(root, "proj");
  const home = join(root, "home");
  await mkdir(cwd);
  await mkdir(home);
  if (options.git) await mkdir(join(cwd, ".git"));
  const base = (where: FixtureRoot) => (where === "home" ? home : cwd);
  return {
    root,
    cwd,
    home,
    async write(relPath, content, where = "proj") {
      const [path] = await writeRules({ root: base(where), files: { [relPath]: content } });
      return path as string;
    },
    writeAll(files, where = "proj") {
      return writeRules({ root: base(where), files });
    },
    async cleanup() {
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function writeFixture(path: string, content: FixtureContent): Promise<void> {
  if (typeof content === "string" || content instanceof Uint8Array) {
    await writeFile(path, content);
    return;
  }
  switch (content.kind) {
    case "folder":
      await mkdir(path, { recursive: true });
      await writeFile(join(path, "README.txt"), "a folder where a rule file was expected\n");
      return;
    case "unreadable":
      await writeFile(path, content.content);
      await chmod(path, 0o000);
      return;
    case "symlink":
      await symlink(content.target, path);
      return;
  }
}

function resolveInside(root: string, relPath: string): string {
  if (isAbsolute(relPath)) throw new TypeError(`writeRules: expected a relative path, got ${JSON.stringify(relPath)}`);
  const path = normalize(join(root, relPath));
  if (path !== root && !path.startsWith(root.endsWith(sep) ? root : root + sep)) {
    throw new TypeError(`writeRules: ${JSON.stringify(relPath)} points outside ${root}`);
  }
  return path;
}
