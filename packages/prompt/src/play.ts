import { type Rule, toProjectPath } from "@rulebook/core";

/** Where the agent works: its folder and the files in play, as project paths. */
export interface Play {
  /** The working folder relative to the root (`""` for the root), `undefined` when outside it. */
  folder: string | undefined;
  /** The files in play that are inside the root, project-relative, in the order given. */
  files: string[];
}

/**
 * Reads `cwd` and `files` against `root`. Relative files are relative to `cwd` (default:
 * the root), as a shell reads them; files outside the root are left out (they match nothing).
 */
export function resolvePlay(root: string, cwd: string | undefined, files: readonly string[]): Play {
  const resolved = files.map((file) => toProjectPath(resolveFile(root, cwd, file), root));
  // toProjectPath gives nothing for the root itself, so ask about a child of cwd and drop it.
  const probe = toProjectPath(join(cwd ?? root, "probe"), root);
  const folder = probe === undefined ? undefined : probe.split("/").slice(0, -1).join("/");
  return { folder, files: resolved.filter((path): path is string => path !== undefined) };
}

/** A file as a path `toProjectPath` reads right: absolute as given, relative joined to `cwd` (default `root`). */
export function resolveFile(root: string, cwd: string | undefined, file: string): string {
  return isAbsolute(file) ? file : join(cwd ?? root, file);
}

/** True when the working folder or a file in play is inside `scope` (docs/behaviour.md#the-system-prompt). */
export function scopeInPlay(scope: string, play: Play): boolean {
  const inside = (path: string) => path.startsWith(`${scope}/`);
  return (play.folder !== undefined && (play.folder === scope || inside(play.folder))) || play.files.some(inside);
}

/**
 * True when a rule takes part in `mode`: rules without `modes` always do; rules with
 * `modes` only when `mode` is one of them. The partition already decides this when given
 * the mode; this keeps a partition made without it from leaking mode rules.
 */
export function modeAllows(rule: Rule, mode: string | undefined): boolean {
  return rule.modes === undefined || (mode !== undefined && rule.modes.includes(mode));
}

function isAbsolute(path: string): boolean {
  return /^(?:[\\/]|[A-Za-z]:[\\/])/.test(path);
}

function join(folder: string, path: string): string {
  return `${folder.replace(/[\\/]+$/, "")}/${path}`;
}
