// Runs after each build (tsup.config.ts onSuccess, before code-cache.js). Copies the o200k table
// of @rulebook/tokenizer-o200k into dist/o200k.bin: the counter, bundled into dist/main.js, reads
// `o200k.bin` next to the module it is in (src/tokens.ts), and the published CLI ships it there.
import { copyFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const table = createRequire(import.meta.url).resolve("@rulebook/tokenizer-o200k/o200k.bin");
const out = fileURLToPath(new URL("../dist/o200k.bin", import.meta.url));
copyFileSync(table, out);
console.log(`o200k.bin: ${(statSync(out).size / 1024 / 1024).toFixed(1)} MiB, from ${table}`);
