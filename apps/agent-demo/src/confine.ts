import { realpath } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";

/** A path the agent asked for that the tools will not touch. */
export class OutsideProjectError extends Error {
  override name = "OutsideProjectError";
}

/**
 * The real path of `path` (relative to `root`, or absolute), when it is inside the project:
 * a path that leaves the root (`../x`, `/etc/passwd`) or a symbolic link that leads out of it is
 * an {@link OutsideProjectError}, whose message the model reads as the tool's error.
 */
export async function resolveInside(root: string, path: string): Promise<string> {
  const realRoot = await realpath(root);
  const asked = resolve(realRoot, path);
  if (!isInside(realRoot, asked)) throw new OutsideProjectError(`${JSON.stringify(path)} is outside the project; paths are relative to its root`);
  let real: string;
  try {
    real = await realpath(asked);
  } catch {
    throw new OutsideProjectError(`${JSON.stringify(path)} does not exist in the project`);
  }
  if (!isInside(realRoot, real)) throw new OutsideProjectError(`${JSON.stringify(path)} is a link to a place outside the project`);
  return real;
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel));
}
