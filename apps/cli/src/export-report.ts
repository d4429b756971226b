import type { ExportLoss, InPlaceRule } from "@rulebook/core";
import { printable } from "./display.js";
import type { PlannedFile } from "./export-disk.js";
import type { Io } from "./runtime/io.js";
import { unifiedDiff } from "./unified-diff.js";

/** How export ran: compared only (`check`), showed a diff (`dry-run`), or wrote. */
export type ExportMode = "check" | "dry-run" | "write";

/** What an export found, for {@link reportExport}. */
export interface ExportOutcome {
  files: readonly PlannedFile[];
  losses: readonly ExportLoss[];
  inPlace: readonly InPlaceRule[];
}

/**
 * Prints an export: `--json` as `{ mode, files, losses, inPlace }`; otherwise a unified diff per
 * changed file (`--dry-run`) or one line per file, then each loss on standard error.
 */
export function reportExport(io: Io, json: boolean | undefined, mode: ExportMode, outcome: ExportOutcome): void {
  const { files, losses, inPlace } = outcome;
  if (json) {
    const out = {
      mode,
      files: files.map((f) => ({
        path: f.path,
        target: f.target,
        status: f.status,
        rules: f.rules,
        ...(f.sources && { sources: f.sources }),
        ...(f.reason !== undefined && { reason: f.reason }),
        ...(f.conflict !== undefined && f.status !== "unchanged" && { conflict: f.conflict }),
        ...(mode === "dry-run" && f.status !== "unchanged" && { diff: diffOf(f) }),
      })),
      losses,
      inPlace,
    };
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  const text = (s: string) => (io.stdout.isTTY ? printable(s) : s);
  if (mode === "dry-run") {
    for (const f of files) if (f.status !== "unchanged") io.stdout.write(text(diffOf(f)));
  } else {
    for (const f of files) {
      const note = f.reason && f.reason !== "stale" ? `  (${f.reason})` : f.conflict && f.status !== "unchanged" ? `  (${f.conflict})` : "";
      io.stdout.write(`${verbOf(mode, f)}  ${text(f.path)}${note}\n`);
    }
  }
  for (const loss of losses) io.stderr.write(`${loss.severity}: ${text(loss.rule)} → ${loss.target}: ${text(loss.message)}\n`);
}

function verbOf(mode: ExportMode, file: PlannedFile): string {
  if (mode === "check") {
    if (file.status === "delete") return file.reason === "stale" ? "stale" : "replaced";
    return { create: "missing", update: "differs", unchanged: "up to date" }[file.status];
  }
  return { create: "created", update: "updated", unchanged: "unchanged", delete: "deleted" }[file.status];
}

/** A file's change as a unified diff; a deletion's is `+++ /dev/null`; bytes that differ where the text does not say so. */
function diffOf(file: PlannedFile): string {
  const before = file.before?.toString("utf8");
  if (file.status === "delete") return unifiedDiff(file.path, before, "").replace(`+++ b/${file.path}\n`, "+++ /dev/null\n");
  const diff = unifiedDiff(file.path, before, file.bytes?.toString("utf8") ?? "");
  return diff !== "" || file.status === "unchanged"
    ? diff
    : `--- a/${file.path}\n+++ b/${file.path}\nBytes differ (the text reads the same once decoded)\n`;
}
