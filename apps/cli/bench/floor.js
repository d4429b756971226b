// The I/O floors the benchmarks compare against, using the fastest plain Node calls for many
// small files (synchronous: measured ~10× faster than fs/promises here).
//   node floor.js DIR...          list the folders recursively and read every file (discovery)
//   node floor.js --list DIR      list every folder, skipping .git and node_modules, read nothing (monorepo walk)
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

function walk(dir, listOnly) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = listOnly ? entries.length : 0;
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) {
      if (!listOnly || (e.name !== ".git" && e.name !== "node_modules")) total += walk(path, listOnly);
    } else if (!listOnly && e.isFile()) total += readFileSync(path).length;
  }
  return total;
}

const args = process.argv.slice(2);
const listOnly = args[0] === "--list";
let total = 0;
for (const dir of listOnly ? args.slice(1) : args) total += walk(dir, listOnly);
process.stdout.write(`${total}\n`);
