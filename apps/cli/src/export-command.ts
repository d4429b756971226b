import { relative, sep } from "node:path";
import { type ExportPlan, type LoadResult, type Provider, loadRules, planExport } from "@rulebook/core";
import { CliError, EXIT } from "./cli-error.js";
import { type PlannedFile, checkFolders, inspectFile, moveIntoFolder } from "./export-disk.js";
import { reportExport } from "./export-report.js";
import { exportSourceRules, staleFiles } from "./export-stale.js";
import { exportTargets, findProvider } from "./export-targets.js";
import { applyPlan } from "./export-write.js";
import type { Io } from "./runtime/io.js";
import type { Session } from "./session.js";

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
 * `rulebook export --to <id>[,<id>…]`: writes the rules in effect (or one provider's with
 * `--from`) in each target's format under the project root (docs/behaviour.md#export). Targets
 * are checked first, then the whole plan against the disk; nothing is written before every file
 * passed. `--dry-run` prints a unified diff; `--check` exits 1 when a file differs, is missing
 * or is stale.
 */
export async function runExport(session: Session, options: ExportOptions, io: Io): Promise<number> {
  const providers = session.host.registry.providers;
  const targets = exportTargets(providers, options.to);
  const load = await sourceLoad(session, providers, options.from);
  const rules = exportSourceRules(session.root, load.rules);
  const plan = planExport(rules, targets, { root: session.root, duplicates: load.duplicates });
  const files = checkPlan(session.root, plan, ownFiles(session.root, session.load));
  files.push(...(await staleFiles(session, targets, plan.files, rules)));
  const outcome = { files, losses: plan.losses, inPlace: plan.inPlace };
  const drift = files.filter((f) => f.status !== "unchanged");

  if (options.check) {
    reportExport(io, options.json, "check", outcome);
    return drift.length > 0 ? EXIT.failure : EXIT.ok;
  }
  if (options.dryRun) {
    reportExport(io, options.json, "dry-run", outcome);
    return EXIT.ok;
  }
  const conflicts = drift.filter((f) => f.conflict !== undefined);
  if (conflicts.length > 0 && !options.force) {
    const list = conflicts.map((f) => `${f.path} (${f.conflict})`).join(", ");
    throw new CliError("output", `not overwriting files export did not write: ${list}; use --force to take them over`);
  }
  applyPlan(session.root, drift);
  reportExport(io, options.json, "write", outcome);
  return EXIT.ok;
}

async function sourceLoad(session: Session, providers: readonly Provider[], from: string | undefined): Promise<LoadResult> {
  if (from === undefined) return session.load;
  const provider = findProvider(providers, from, "--from");
  return loadRules([provider], { cwd: session.cwd, root: session.root, home: session.home });
}

/** Every project file a provider read, keyed `<provider id>\u0000<project path>`, with its rule's name (duplicates and shadowed rules too). */
function ownFiles(root: string, load: LoadResult): Map<string, string> {
  const all = [...load.rules, ...load.duplicates.map((d) => d.rule), ...load.shadowed.map((s) => s.rule)];
  return new Map(all.map((rule) => [`${rule.source.provider}\u0000${projectPath(root, rule.path)}`, rule.name]));
}

/**
 * Every planned file against the disk, before anything is written: each problem (a dangling
 * link, a link out of the project, a folder or a file where the other must go) is collected and
 * reported at once, naming its path. A tool's legacy single file where its folder must go
 * (`.clinerules`) is moved into that folder, when the target's own provider read it.
 */
function checkPlan(root: string, plan: ExportPlan, own: ReadonlyMap<string, string>): PlannedFile[] {
  const files: PlannedFile[] = [];
  const problems: string[] = [];
  const moved = new Set<string>();
  for (const file of plan.files) {
    const folders = checkFolders(root, file.path);
    if ("problem" in folders) {
      problems.push(folders.problem);
      continue;
    }
    if ("fileInTheWay" in folders) {
      const rule = own.get(`${file.target}\u0000${folders.fileInTheWay}`);
      if (rule === undefined) {
        problems.push(`${folders.fileInTheWay} is a file where export must write the folder ${folders.fileInTheWay}/ (for ${file.path})`);
        continue;
      }
      if (!moved.has(folders.fileInTheWay)) files.push(...moveIntoFolder(root, folders.fileInTheWay, file.target, rule));
      moved.add(folders.fileInTheWay);
      files.push({
        path: file.path,
        target: file.target,
        rules: file.rules,
        ...(file.sources && { sources: file.sources }),
        bytes: Buffer.from(file.content, "utf8"),
        status: "create",
      });
      continue;
    }
    const inspected = inspectFile(root, file);
    if ("problem" in inspected) problems.push(inspected.problem);
    else files.push(inspected);
  }
  if (problems.length > 0) throw new CliError("output", `nothing written: ${problems.join("; ")}`);
  return files;
}

function projectPath(root: string, path: string): string {
  return relative(root, path).split(sep).join("/");
}
