// The floor for the monorepo benchmark: a plain Node walk of the same tree that lists every
// folder (skipping .git and node_modules) and reads nothing. Usage: node walk-floor.js DIR
import { readdirSync } from "node:fs";
import { join } from "node:path";

function walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let count = entries.length;
  for (const e of entries) {
    if (e.isDirectory() && e.name !== ".git" && e.name !== "node_modules") count += walk(join(dir, e.name));
  }
  return count;
}

process.stdout.write(`${walk(process.argv[2])}\n`);
