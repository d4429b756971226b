import { createRequire } from "node:module";

const requireHere = createRequire(import.meta.url);

/**
 * Loads a dependency the first time it is needed. `yaml` and `picomatch` are only needed
 * for frontmatter the fast path cannot read and for glob matching; most loads need neither,
 * and start-up (a CLI's whole run) should not pay for them.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(id) as T;
    return loaded;
  };
}
