import { randomBytes } from "node:crypto";
import { mkdirSync, realpathSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { errorText } from "@rulebook/core/text";
import { CliError } from "./cli-error.js";
import { type PlannedFile, readMarkedFile } from "./export-disk.js";

/**
 * Carries out a checked plan: legacy files moved into their folder first, then every write
 * (atomic: a temporary file renamed over the target, which replaces a link, never follows it),
 * then stale files deleted after checking again that each still carries the marker.
 */
export function applyPlan(root: string, files: readonly PlannedFile[]): void {
  for (const file of files) if (file.status === "delete" && file.reason !== "stale") removeFile(root, file.path);
  for (const file of files) if ((file.status === "create" || file.status === "update") && file.bytes) writeAtomically(root, file.path, file.bytes);
  for (const file of files) {
    if (file.status !== "delete" || file.reason !== "stale") continue;
    if (readMarkedFile(join(root, ...file.path.split("/"))) !== undefined) removeFile(root, file.path);
  }
}

function removeFile(root: string, path: string): void {
  const absolute = join(root, ...path.split("/"));
  checkInsideProject(root, absolute, path);
  try {
    unlinkSync(absolute);
  } catch (error) {
    throw new CliError("output", `${path}: cannot delete (${errorText(error)})`);
  }
}

function writeAtomically(root: string, path: string, bytes: Buffer): void {
  const absolute = join(root, ...path.split("/"));
  const temporary = join(dirname(absolute), `.${randomBytes(6).toString("hex")}.rulebook-export.tmp`);
  try {
    mkdirSync(dirname(absolute), { recursive: true });
    checkInsideProject(root, absolute, path);
    writeFileSync(temporary, bytes, { flag: "wx" });
    renameSync(temporary, absolute);
  } catch (error) {
    rmSync(temporary, { force: true });
    if (error instanceof CliError) throw error;
    throw new CliError("output", `${path}: cannot write (${errorText(error)})`);
  }
}

/** Throws when a folder on the way to `absolute` now leads out of `root` (checked again at write time: a folder can be swapped). */
function checkInsideProject(root: string, absolute: string, path: string): void {
  const realRoot = realpathSync(root);
  const real = realpathSync(dirname(absolute));
  const inside = relative(realRoot, real);
  if (inside === ".." || inside.startsWith(`..${sep}`) || inside.startsWith(sep))
    throw new CliError("output", `${path}: a folder on the way is a symbolic link out of the project; not written`);
}
