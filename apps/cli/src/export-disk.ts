import { lstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { ExportFile } from "@rulebook/core";
import { errorText } from "@rulebook/core/text";
import { hasExportMarker } from "@rulebook/core/provider";

/** What export does with one file (docs/behaviour.md#export). */
export type FileStatus = "create" | "update" | "unchanged" | "delete";

/** One file of the plan as it stands against the disk. */
export interface PlannedFile {
  path: string;
  target: string;
  rules: string[];
  sources?: string[];
  /** What the file is to hold; absent for a deletion. */
  bytes?: Buffer;
  status: FileStatus;
  /** Why a file is deleted: `stale` (its rule is gone), or moved into the folder export writes. */
  reason?: string;
  /** Why writing it takes `--force`: the file on disk is not one export wrote. */
  conflict?: string;
  before?: Buffer;
}

/** What the disk says about the folders on the way to a file. */
export type FolderCheck = { ok: true } | { problem: string } | { fileInTheWay: string };

/**
 * Checks each folder between the root and `path` (project-relative) without writing: a missing
 * folder will be made; a dangling symbolic link, a link out of the project or to a file, and an
 * unreadable entry are problems naming the path; a file where a folder must go is reported as
 * such, for the caller to decide.
 */
export function checkFolders(root: string, path: string): FolderCheck {
  const segments = path.split("/");
  const realRoot = realpathSync(root);
  for (let i = 1; i < segments.length; i++) {
    const folder = segments.slice(0, i).join("/");
    const absolute = join(root, ...segments.slice(0, i));
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(absolute);
    } catch (error) {
      if ((error as { code?: string }).code === "ENOENT") return { ok: true };
      return { problem: `${folder}: cannot be checked (${errorText(error)}); ${path} not written` };
    }
    if (stat.isDirectory()) continue;
    if (!stat.isSymbolicLink()) return { fileInTheWay: folder };
    let real: string;
    try {
      real = realpathSync(absolute);
    } catch {
      return { problem: `${folder} is a dangling symbolic link; ${path} not written` };
    }
    const inside = relative(realRoot, real);
    if (inside === ".." || inside.startsWith(`..${sep}`) || inside.startsWith(sep))
      return { problem: `${folder} is a symbolic link out of the project; ${path} not written` };
    if (!statSync(real).isDirectory())
      return { problem: `${folder} is a symbolic link to a file where export must write the folder ${folder}/; ${path} not written` };
  }
  return { ok: true };
}

/**
 * A planned file against the disk, compared byte for byte: `create`, `update` (with the file's
 * bytes, and a conflict when no export wrote it or it is a symbolic link) or `unchanged`; a folder
 * or special file at the path is a problem naming it.
 */
export function inspectFile(root: string, file: ExportFile): PlannedFile | { problem: string } {
  const absolute = join(root, ...file.path.split("/"));
  const planned = {
    path: file.path,
    target: file.target,
    rules: file.rules,
    ...(file.sources && { sources: file.sources }),
    bytes: Buffer.from(file.content, "utf8"),
  };
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(absolute);
  } catch {
    return { ...planned, status: "create" };
  }
  if (stat.isSymbolicLink()) return { ...planned, status: "update", conflict: "a symbolic link" };
  if (stat.isDirectory()) return { problem: `${file.path} is a folder where export must write a file` };
  if (!stat.isFile()) return { problem: `${file.path} is not a regular file; not written` };
  const before = readFileSync(absolute);
  if (before.equals(planned.bytes)) return { ...planned, status: "unchanged", before };
  return {
    ...planned,
    status: "update",
    before,
    ...(!hasExportMarker(before.toString("utf8")) && { conflict: "written by hand: no export marker" }),
  };
}

/**
 * The two steps that turn a tool's legacy single file (`.clinerules`) into the folder of the same
 * name that export writes: the file is deleted, and its bytes, unchanged and unmarked (they are a
 * person's), become `<folder>/<name>.md`, which the tool reads as the same rule.
 */
export function moveIntoFolder(root: string, file: string, target: string, rule: string): PlannedFile[] {
  const bytes = readFileSync(join(root, ...file.split("/")));
  const inside = `${file}/${file.split("/").pop()?.replace(/^\.+/, "")}.md`;
  return [
    {
      path: file,
      target,
      rules: [rule],
      status: "delete",
      reason: `moved to ${inside}`,
      conflict: "a person's file where export writes a folder; --force moves its text into it",
      before: bytes,
    },
    { path: inside, target, rules: [rule], bytes, status: "create" },
  ];
}

/** The text of a regular file carrying the export marker, else `undefined` (a link is never followed). */
export function readMarkedFile(absolute: string): string | undefined {
  try {
    if (!lstatSync(absolute).isFile()) return undefined;
    const text = readFileSync(absolute, "utf8");
    return hasExportMarker(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
