import { randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { type ExportFile, type ExportLoss, type Provider, type Rule, loadRules, planExport } from "@rulebook/core";
import { hasExportMarker } from "@rulebook/core/provider";
import { CliError, EXIT } from "./cli-error.js";
import { printable } from "./display.js";
import type { Io } from "./io.js";
import type { Session } from "./session.js";
import { unifiedDiff } from "./unified-diff.js";

/** Options of `rulebook export`. */
export interface ExportOptions {
  to: string[];
  from?: string;
  dryRun?: boolean;
  check?: boolean;
  force?: boolean;
  json?: boolean;
}

/**
 * What export does with one file: the text differs from disk (`create`, `update`), or not; or
 * the file is `stale`: export wrote it, and the rule it held is gone from the source.
 */
type FileStatus = "create" | "update" | "unchanged" | "stale";

interface PlannedFile extends ExportFile {
  status: FileStatus;
  /** The file on disk is not one export wrote (no marker, or a symbolic link). */
  conflict?: string;
  before?: string;
}

/**
 * `rulebook export --to <id>[,<id>…]`: writes the rules in effect (or one provider's with
 * `--from`) in each target's format under the project root (docs/behaviour.md#export).
 * `--dry-run` prints a unified diff; `--check` exits 1 when the files on disk differ.
 */
export async function runExport(session: Session, options: ExportOptions, io: Io): Promise<number> {
  const providers = session.host.registry.providers;
  const targets = options.to.map((id) => findProvider(providers, id, "--to"));
  for (const target of targets) {
    if (typeof target.write !== "function") throw new CliError("usage", `--to ${target.id}: ${target.displayName} has no write side`, EXIT.usage);
  }
  const rules = await sourceRules(session, providers, options.from);
  const plan = planExport(rules, targets);
  const files = plan.files.map((file) => inspectFile(session.root, file));
  files.push(...(await staleFiles(session, targets, plan.files)));
  const drift = files.filter((f) => f.status !== "unchanged");
  const conflicts = files.filter((f) => f.conflict !== undefined && f.status !== "unchanged");

  if (options.check) {
    report(io, options, files, plan.losses, { mode: "check" });
    return drift.length > 0 ? EXIT.failure : EXIT.ok;
  }
  if (options.dryRun) {
    report(io, options, files, plan.losses, { mode: "dry-run" });
    return EXIT.ok;
  }
  if (conflicts.length > 0 && !options.force) {
    const list = conflicts.map((f) => `${f.path} (${f.conflict})`).join(", ");
    throw new CliError("output", `not overwriting files export did not write: ${list}; use --force to take them over`);
  }
  for (const file of drift) {
    if (file.status === "stale") removeStale(session.root, file);
    else writeAtomically(session.root, file);
  }
  report(io, options, files, plan.losses, { mode: "write" });
  return EXIT.ok;
}

function findProvider(providers: readonly Provider[], id: string, option: string): Provider {
  const provider = providers.find((p) => p.id === id);
  if (!provider) throw new CliError("usage", `${option}: no provider "${id}" (known: ${providers.map((p) => p.id).join(", ")})`, EXIT.usage);
  return provider;
}

async function sourceRules(session: Session, providers: readonly Provider[], from: string | undefined): Promise<Rule[]> {
  if (from === undefined) return session.load.rules;
  const provider = findProvider(providers, from, "--from");
  const loaded = await loadRules([provider], { cwd: session.cwd, root: session.root, home: session.home });
  return loaded.rules;
}

/**
 * Files export wrote earlier that the plan no longer writes: each target's own locations are
 * read with that target alone, and a file is stale when it carries the export marker and the
 * target would write what it read from it back to the same path (so it is the target's file,
 * not another tool's it happens to read, as Zed reads AGENTS.md).
 */
async function staleFiles(session: Session, targets: readonly Provider[], planned: readonly ExportFile[]): Promise<PlannedFile[]> {
  const taken = new Set(planned.map((f) => f.path));
  const stale: PlannedFile[] = [];
  for (const target of targets) {
    const loaded = await loadRules([target], { cwd: session.cwd, root: session.root, home: session.home });
    for (const rule of [...loaded.rules, ...loaded.duplicates.map((d) => d.rule)]) {
      if (rule.source.level !== "project") continue;
      const path = relative(session.root, rule.path).split(sep).join("/");
      if (path.startsWith("../") || taken.has(path)) continue;
      const before = readMarkedFile(join(session.root, ...path.split("/")));
      if (before === undefined) continue;
      if (!planExport([rule], [target]).files.some((f) => f.path === path)) continue;
      taken.add(path);
      stale.push({ path, content: "", target: target.id, rules: [rule.name], status: "stale", before });
    }
  }
  return stale.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The text of a regular file carrying the export marker, else `undefined` (a link is never followed or removed). */
function readMarkedFile(absolute: string): string | undefined {
  try {
    if (!lstatSync(absolute).isFile()) return undefined;
    const text = readFileSync(absolute, "utf8");
    return hasExportMarker(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Deletes a stale file export wrote, after checking again that it is still one. */
function removeStale(root: string, file: PlannedFile): void {
  const absolute = join(root, ...file.path.split("/"));
  checkInsideProject(root, absolute, file.path);
  if (readMarkedFile(absolute) === undefined) return;
  try {
    unlinkSync(absolute);
  } catch (error) {
    throw new CliError("output", `${file.path}: cannot delete (${(error as Error).message})`);
  }
}

/** Compares a planned file with the disk, refusing paths that leave the project through a symbolic link. */
function inspectFile(root: string, file: ExportFile): PlannedFile {
  const absolute = join(root, ...file.path.split("/"));
  checkInsideProject(root, absolute, file.path);
  let stat: ReturnType<typeof lstatSync> | undefined;
  try {
    stat = lstatSync(absolute);
  } catch {
    return { ...file, status: "create" };
  }
  if (stat.isSymbolicLink()) return { ...file, status: "update", conflict: "a symbolic link" };
  if (!stat.isFile()) throw new CliError("output", `${file.path} exists and is not a file; not written`);
  const before = readFileSync(absolute, "utf8");
  const status = before === file.content ? "unchanged" : "update";
  return { ...file, status, before, ...(!hasExportMarker(before) && { conflict: "written by hand: no export marker" }) };
}

/** Throws when a folder on the way to `absolute` is a symbolic link that leads out of `root`. */
function checkInsideProject(root: string, absolute: string, path: string): void {
  const realRoot = realpathSync(root);
  let folder = dirname(absolute);
  const folders: string[] = [];
  while (folder.length > root.length && folder.startsWith(root)) {
    folders.push(folder);
    folder = dirname(folder);
  }
  for (const f of folders) {
    let real: string;
    try {
      real = realpathSync(f);
    } catch {
      continue;
    }
    const rel = relative(realRoot, real);
    if (rel.startsWith("..") || rel.startsWith(sep) || rel === ".." ) throw new CliError("output", `${path}: ${relative(root, f)} is a symbolic link out of the project; not written`);
  }
}

/** Writes a temporary file next to the target, then renames it over the target (which replaces a link, never follows it). */
function writeAtomically(root: string, file: PlannedFile): void {
  const absolute = join(root, ...file.path.split("/"));
  mkdirSync(dirname(absolute), { recursive: true });
  checkInsideProject(root, absolute, file.path);
  const temporary = join(dirname(absolute), `.${randomBytes(6).toString("hex")}.rulebook-export.tmp`);
  try {
    writeFileSync(temporary, file.content, { flag: "wx" });
    renameSync(temporary, absolute);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new CliError("output", `${file.path}: cannot write (${(error as Error).message})`);
  }
}

function report(io: Io, options: ExportOptions, files: readonly PlannedFile[], losses: readonly ExportLoss[], how: { mode: "check" | "dry-run" | "write" }): void {
  if (options.json) {
    const out = {
      mode: how.mode,
      files: files.map((f) => ({
        path: f.path,
        target: f.target,
        status: f.status,
        rules: f.rules,
        ...(f.conflict !== undefined && f.status !== "unchanged" && { conflict: f.conflict }),
        ...(how.mode === "dry-run" && f.status !== "unchanged" && { diff: diffOf(f) }),
      })),
      losses,
    };
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  const text = (s: string) => (io.stdout.isTTY ? printable(s) : s);
  if (how.mode === "dry-run") {
    for (const f of files) if (f.status !== "unchanged") io.stdout.write(text(diffOf(f)));
  } else {
    const verb =
      how.mode === "check"
        ? { create: "missing", update: "differs", unchanged: "up to date", stale: "stale" }
        : { create: "created", update: "updated", unchanged: "unchanged", stale: "deleted" };
    for (const f of files) io.stdout.write(`${verb[f.status]}  ${text(f.path)}${f.conflict && f.status !== "unchanged" ? `  (${f.conflict})` : ""}\n`);
  }
  for (const loss of losses) {
    io.stderr.write(`${loss.severity}: ${text(loss.rule)} → ${loss.target}: ${text(loss.message)}\n`);
  }
}

/** A file's change as a unified diff; a stale file's is its deletion (`+++ /dev/null`). */
function diffOf(file: PlannedFile): string {
  if (file.status !== "stale") return unifiedDiff(file.path, file.before, file.content);
  return unifiedDiff(file.path, file.before, "").replace(`+++ b/${file.path}\n`, "+++ /dev/null\n");
}
