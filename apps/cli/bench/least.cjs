// The least program: a lower bound for the 10,000-file rows, measured against the same floor.
// It does less than `rulebook lint --json` / `inspect --json` does, in the plainest fast way:
// list the folders and read every file as floor.js does (readFileSync: open, fstat, read, close),
// decode it (UTF-8, fatal, as the loader does), split "key: value" frontmatter lines, keep one
// object per file, let the first of each name win, and print JSON. `inspect` also counts each
// body's tokens with the CLI's exact o200k counter (@rulebook/tokenizer-o200k, built by table.js
// as CommonJS, path in argv).
// No validation, no diagnostics, no providers, no scoping, no swap-race or FIFO guarantees (but
// in `lint-guarded`, below), no start-up of a bundle: whatever the CLI costs beyond this is work
// this program skips.
// `lint` keeps each file's text to the end, as a load that returns every rule with its body
// does (the library's `load`, which the CLI's `lint` runs); `lint-no-text` keeps none (what a
// `lint` written to stream could do, since it prints no body): its values are copied out, so no
// slice holds a text alive, and each text is garbage once its file is parsed. `lint-guarded`
// keeps no text either and reads each file with the guarantees the loader keeps (Linux): each
// folder opened once and its real path read from /proc, each file opened through the folder's
// descriptor without following a link and without blocking on a FIFO, checked to be a regular
// file, read once into a reused buffer, closed.
//   node least.cjs lint DIR...
//   node least.cjs lint-no-text DIR...
//   node least.cjs lint-guarded DIR...
//   node least.cjs inspect COUNTER.cjs O200K.bin DIR...
"use strict";
const { closeSync, constants, fstatSync, openSync, readFileSync, readSync, readdirSync, readlinkSync, writeSync } = require("node:fs");
const { join } = require("node:path");

const [command, ...rest] = process.argv.slice(2);
const [counterModule, table, ...folders] = command === "inspect" ? rest : [undefined, undefined, ...rest];
const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const rules = [];
const keepText = command !== "lint-no-text" && command !== "lint-guarded";
const guarded = command === "lint-guarded";
const scratch = Buffer.allocUnsafe(64 * 1024);
const FILE = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;
let held = -1;
let heldDir = "";
/** The value itself, or (keeping no text) a copy: a slice of a text would keep the whole text alive. */
const own = (value) => (keepText || value === undefined ? value : JSON.parse(JSON.stringify(value)));

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
    else if (e.isFile()) rules.push(ruleOf(e.name, path, decoder.decode(guarded ? readGuarded(dir, e.name) : readFileSync(path))));
  }
}

/** Reads `dir/name` as the loader must: through the held folder, no link, no FIFO, a regular file. */
function readGuarded(dir, name) {
  if (heldDir !== dir) {
    if (held !== -1) closeSync(held);
    held = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY);
    readlinkSync(`/proc/self/fd/${held}`);
    heldDir = dir;
  }
  const fd = openSync(`/proc/self/fd/${held}/${name}`, FILE);
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`not a regular file: ${name}`);
    const n = readSync(fd, scratch, 0, scratch.length, 0);
    return n < scratch.length ? scratch.subarray(0, n) : readFileSync(fd);
  } finally {
    closeSync(fd);
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
        if (colon > 0) fields[line.slice(0, colon).trim()] = own(line.slice(colon + 1).trim());
      }
      body = text.slice(end + 4);
    }
  }
  const globs = fields.globs ? fields.globs.split(",").map((g) => g.trim()) : [];
  const rule = { name: file.replace(/\.mdc?$/, ""), path, description: fields.description, globs, alwaysApply: fields.alwaysApply === "true" };
  rule.body = keepText ? body : body.length;
  return rule;
}

for (const dir of folders) walk(dir);
const winners = new Map();
for (const rule of rules) if (!winners.has(rule.name)) winners.set(rule.name, rule);

let out;
if (command === "inspect") {
  const count = require(counterModule).createO200kCounter(readFileSync(table));
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
