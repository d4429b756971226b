import type { Rule } from "@rulebook/core";
import { displayPath, plural, printable, writeProblemCount } from "./display.js";
import { duplicatesOf } from "./inspect.js";
import type { Io } from "./io.js";
import type { Session } from "./session.js";

/** A source spec as the core v2 reports it in `load.sources` (only the fields shown here). */
interface SourceSpec {
  kind: "folder" | "file" | "pattern";
  level: string;
  path?: string;
  folder?: string;
  file?: string;
  extensions?: readonly string[];
}

/** What one source of a provider was and how many rules it gave. */
interface SearchedSource {
  provider: string;
  source: SourceSpec;
  rules: number;
}

/** One source in `providers --json`. */
export interface SourceReport {
  kind: SourceSpec["kind"];
  level: string;
  /** `.cursor/rules/`, `~/.cursor/rules/`, `**\/.cursor/rules/`, `**\/AGENTS.md`… */
  where: string;
  extensions?: string[];
  rules: number;
}

/** One provider in `providers --json`. */
export interface ProviderReport {
  id: string;
  displayName: string;
  priority: number;
  package: string;
  version?: string;
  bundled: boolean;
  /** Where it looks; absent for a provider with its own `load` and no declared sources. */
  sources?: SourceReport[];
  /** Rule files it found: winners, shadowed and duplicates. */
  rules: number;
}

/** Builds the `providers --json` list, in precedence order. */
export function providersReport(session: Session): ProviderReport[] {
  const searched = (session.load as { sources?: readonly SearchedSource[] }).sources;
  const found: Rule[] = [
    ...session.load.rules,
    ...session.load.shadowed.map((s) => s.rule),
    ...duplicatesOf(session).map((d) => d.rule),
  ];
  return session.load.providers.map(({ id, displayName, priority }) => {
    const origin = session.host.origins.get(id);
    const sources = searched?.filter((s) => s.provider === id).map((s) => sourceReport(s, session));
    return {
      id,
      displayName,
      priority,
      package: origin?.package ?? "(unknown)",
      ...(origin?.version !== undefined && { version: origin.version }),
      bundled: origin?.bundled ?? false,
      ...(sources && { sources }),
      rules: found.filter((rule) => rule.source.provider === id).length,
    };
  });
}

function sourceReport({ source, rules }: SearchedSource, session: Session): SourceReport {
  return {
    kind: source.kind,
    level: source.level,
    where: where(source, session),
    ...(source.extensions && { extensions: [...source.extensions] }),
    rules,
  };
}

function where(source: SourceSpec, session: Session): string {
  if (source.kind === "pattern") return source.folder !== undefined ? `**/${source.folder}/` : `**/${source.file ?? ""}`;
  const path = displayPath(source.path ?? "", session);
  return source.kind === "folder" ? `${path === "" ? "." : path}/` : path;
}

/** Runs `rulebook providers`: each active provider, where it looks and what it found. */
export function runProviders(session: Session, options: { json?: boolean }, io: Io): number {
  const report = providersReport(session);
  if (options.json) {
    io.stdout.write(`${JSON.stringify({ providers: report }, null, 2)}\n`);
    return 0;
  }
  const c = io.stdout.color;
  const lines: string[] = [];
  if (report.length === 0) lines.push("No provider is active.");
  for (const p of report) {
    const version = p.version === undefined ? "" : `@${p.version}`;
    const from = p.bundled ? "bundled" : "installed";
    lines.push(`${c.bold(printable(p.id))}  ${printable(p.displayName)}, priority ${p.priority}  ${c.dim(`${printable(p.package)}${printable(version)} (${from})`)}`);
    if (!p.sources) lines.push(`  ${c.dim("its own load(): no declared sources")}`);
    for (const s of p.sources ?? []) {
      const extensions = s.extensions ? ` ${c.dim(s.extensions.map((e) => `*${e}`).join(" "))}` : "";
      lines.push(`  ${s.level.padEnd(8)}${printable(s.where)}${extensions}  ${c.dim(plural(s.rules, "rule"))}`);
    }
    lines.push(`  ${plural(p.rules, "rule file")} found`, "");
  }
  io.stdout.write(`${lines.join("\n")}`);
  writeProblemCount(io.stderr, session.diagnostics);
  return 0;
}
