// Injected into the CommonJS bundle wherever the sources read `import.meta.url` (tsup.config.ts):
// the URL of the bundle file itself, so `new URL("../dist/o200k.bin", import.meta.url)` and
// createRequire(import.meta.url) name the same files as from an ES module in dist/.
import { pathToFileURL } from "node:url";

export const importMetaUrl = pathToFileURL(__filename).href;
