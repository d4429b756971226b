import { relative, sep } from "node:path";
import { nodeFs } from "../read/fs.js";
import { DEFAULT_MAX_FILE_BYTES } from "../load/load.js";
import type { Provider, ProviderContext } from "../provider/provider.js";
import { placeSource } from "../sources/kinds.js";
import type { ContractSetup } from "./contract-setup.js";

/**
 * A contract setup read from a provider's own `sources()`: the suite's files go into every
 * folder and pattern folder it declares (with its first extension), and the first good file
 * into every single file it declares. A `first` source places them in its first candidate that
 * is a source (so that candidate is chosen), a `walk-up` in its entry at the project root as a
 * folder, an `each` where it stands in the empty project; a provider whose `sources()` reads
 * the disk is seen as it is in an empty project.
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
    for (const declared of await provider.sources(context)) {
      for (const source of await placeSource(declared, context)) {
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
    }
  };
}
