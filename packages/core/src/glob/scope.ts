/**
 * Turns a file path into the form globs are matched against: relative to `root`, with `/`
 * separators. Backslashes are read as separators. Returns `undefined` for a path outside
 * the root.
 */
export function toProjectPath(file: string, root: string): string | undefined {
  const path = file.replaceAll("\\", "/");
  const base = root.replaceAll("\\", "/").replace(/\/+$/, "");
  const isAbsolute = path.startsWith("/") || /^[A-Za-z]:\//.test(path);
  let relative: string;
  if (isAbsolute) {
    if (path === base) return undefined;
    if (!path.startsWith(`${base}/`)) return undefined;
    relative = path.slice(base.length + 1);
  } else {
    relative = path;
  }
  const parts: string[] = [];
  for (const part of relative.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.length > 0 ? parts.join("/") : undefined;
}

/**
 * A rule's scope in one spelling: `/` separators, no `./`, no trailing `/`. `undefined`,
 * `""` and `.` all mean the whole project and give `undefined`.
 */
export function normalizeScope(scope: string | undefined): string | undefined {
  if (scope === undefined) return undefined;
  const parts = scope
    .replaceAll("\\", "/")
    .split("/")
    .filter((part) => part !== "" && part !== ".");
  return parts.length > 0 ? parts.join("/") : undefined;
}

/**
 * The part of a project path below `scope` (`packages/web/src/a.ts` in `packages/web` →
 * `src/a.ts`), the path itself when there is no scope, `undefined` when the path is not
 * inside the scope. The scope folder itself is not a file inside it.
 */
export function pathInScope(projectPath: string, scope: string | undefined): string | undefined {
  const normalized = normalizeScope(scope);
  if (normalized === undefined) return projectPath;
  return projectPath.startsWith(`${normalized}/`) ? projectPath.slice(normalized.length + 1) : undefined;
}

/** How many folders deep a scope is: 0 for the whole project, 2 for `packages/web`. */
export function scopeDepth(scope: string | undefined): number {
  const normalized = normalizeScope(scope);
  return normalized === undefined ? 0 : normalized.split("/").length;
}
