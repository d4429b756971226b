import { relative, sep } from "node:path";
import { nodeFs } from "../fs.js";
import { DEFAULT_MAX_FILE_BYTES } from "../load.js";
import type { Provider, ProviderContext } from "../provider.js";
import type { ContractSetup } from "./contract-setup.js";

/**
 * A contract setup read from a provider's own `sources()`: the suite's files go into every
 * folder and pattern folder it declares (with its first extension), and the first good file
 * into every single file it declares. Sources that depend on what exists (a walk-up, an
 * "else" chain) are seen as they are in an empty project.
 */
export function sourcesSetup(provider: Provider): ContractSetup {
  return async (target) => {
    if (!provider.sources) return;
    const context: ProviderContext = Object.freeze({
      cwd: target.cwd,
      root: target.cwd,
      home: target.home,
      fs: nodeFs,
      maxFileBytes: DEFAULT_MAX_FILE_BYTES,
    });
    const inRoot = (path: string) => {
      const rel = relative(target.root, path);
      return rel.startsWith("..") || rel === "" ? undefined : rel.split(sep).join("/");
    };
    // One fixed good file for single-file sources, whatever order the suite lists its files in.
    const firstName = Object.keys(target.files).sort()[0];
    const first = firstName === undefined ? undefined : target.files[firstName];
    for (const source of await provider.sources(context)) {
      if (source.level !== target.level) continue;
      if (source.kind === "folder") {
        const folder = inRoot(source.path);
        if (folder !== undefined) await target.writeInto(folder, source.extensions[0] ?? ".md");
      } else if (source.kind === "pattern" && "folder" in source) {
        await target.writeInto(source.folder, source.extensions[0] ?? ".md");
      } else if (first !== undefined && firstName !== undefined) {
        const rel = source.kind === "file" ? inRoot(source.path) : source.file;
        if (rel !== undefined) await target.writeOne(rel, firstName);
      }
    }
  };
}
