import { isInside } from "../load/project-root.js";
import type { ProviderContext } from "../provider/provider.js";
import { createDiagnostic } from "../rule/diagnostics.js";
import { absoluteProblem, extensionsProblem, show } from "./checks.js";
import { type SimpleKind, hasExtension, readAsDeclared } from "./kind.js";
import { scanRuleFolderMaybe } from "./scan.js";
import type { FolderSource } from "./types.js";

/**
 * The `folder` kind: the rule files of a folder at an absolute path, recursively, named by
 * their path inside it (docs/behaviour.md#providers).
 */
export const folderKind: SimpleKind<FolderSource> = {
  name: "folder",
  ...readAsDeclared,
  keys: ["path", "extensions", "skip", "namePrefix"],
  problem: (s) =>
    absoluteProblem("path", s.path) ??
    extensionsProblem(s.extensions) ??
    (s.namePrefix === undefined || typeof s.namePrefix === "string" ? undefined : `whose namePrefix is ${show(s.namePrefix)}`),
  patterns: () => [],
  async find(source, kind) {
    const refused = await leavesBoundary(kind.context, source.path, kind.boundary);
    if (refused) return { files: [], diagnostics: [createDiagnostic("symlink-outside", refused, { provider: kind.provider, path: source.path })] };
    const scan = await scanRuleFolderMaybe(kind.context, source.path, {
      extensions: source.extensions,
      provider: kind.provider,
      ...(source.skip && { skip: source.skip }),
      onFolder: (folder) => kind.searched.folders.push(folder),
    });
    const prefix = source.namePrefix ?? "";
    return { files: prefix ? scan.files.map((f) => ({ ...f, name: prefix + f.name })) : scan.files, diagnostics: scan.diagnostics };
  },
  // Its rule files at any depth; a folder the load did not list (missing, or refused) is watched for appearing.
  watch: (source, listed) => ({
    paths: listed.has(source.path) ? [] : [source.path],
    concerns: (path) => path.startsWith(`${source.path}/`) && hasExtension(path, source.extensions),
  }),
  label(source, display) {
    const path = display(source.path);
    return `${path === "" ? "." : path}/`;
  },
};

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
