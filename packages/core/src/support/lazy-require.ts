import { createRequire } from "node:module";

const requireHere = createRequire(import.meta.url);

/**
 * Loads a dependency the first time it is needed. `yaml` is only needed for frontmatter the
 * fast path cannot read; most loads never need it, and start-up (a CLI's whole run) should
 * not pay for it.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(id) as T;
    return loaded;
  };
}
