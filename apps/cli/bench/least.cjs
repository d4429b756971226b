// The least program: a lower bound for the 10,000-file rows, measured against the same floor.
// It does less than `rulebook lint --json` / `inspect --json` does, in the plainest fast way:
// list the folders and read every file as floor.js does (readFileSync: open, fstat, read, close),
// decode it (UTF-8, fatal, as the loader does), split "key: value" frontmatter lines, keep one
// object per file, let the first of each name win, and print JSON. `inspect` also counts each
// body's tokens with the CLI's own exact o200k counter (built by table.js, path in argv).
// No validation, no diagnostics, no providers, no scoping, no swap-race or FIFO guarantees, no
// start-up of a bundle: whatever the CLI costs beyond this is work this program skips.
//   node least.cjs lint DIR...
//   node least.cjs inspect COUNTER.cjs O200K.bin DIR...
"use strict";
const { readFileSync, readdirSync, writeSync } = require("node:fs");
const { join } = require("node:path");
const { pathToFileURL } = require("node:url");

const [command, ...rest] = process.argv.slice(2);
const [counterModule, table, ...folders] = command === "inspect" ? rest : [undefined, undefined, ...rest];
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const rules = [];

function walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(path);
    else if (e.isFile()) rules.push(ruleOf(e.name, path, decoder.decode(readFileSync(path))));
  }
}

function ruleOf(file, path, text) {
  const fields = {};
  let body = text;
  if (text.startsWith("---\n")) {
    const end = text.indexOf("\n---", 3);
    if (end !== -1) {
      for (const line of text.slice(4, end).split("\n")) {
        const colon = line.indexOf(":");
        if (colon > 0) fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
      }
      body = text.slice(end + 4);
    }
  }
  const globs = fields.globs ? fields.globs.split(",").map((g) => g.trim()) : [];
  return { name: file.replace(/\.mdc?$/, ""), path, description: fields.description, globs, alwaysApply: fields.alwaysApply === "true", body };
}

for (const dir of folders) walk(dir);
const winners = new Map();
for (const rule of rules) if (!winners.has(rule.name)) winners.set(rule.name, rule);

let out;
if (command === "inspect") {
  const count = require(counterModule).createO200kCounter(pathToFileURL(table));
  out = [...winners.values()].map((r) => ({
    name: r.name,
    path: r.path,
    description: r.description,
    globs: r.globs,
    contentBytes: Buffer.byteLength(r.body),
    tokens: count(r.body),
  }));
} else {
  out = [...winners.values()].map((r) => ({ name: r.name, path: r.path, diagnostics: [] }));
}
writeSync(1, `${JSON.stringify({ rules: out })}\n`);
