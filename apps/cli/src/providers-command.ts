import { type Rule, type SourceReport as SearchedSource, sourceLabel } from "@rulebook/core";

/** A source as a load read it (a `first`, `walk-up` or `each` source is reported as what it stood for). */
type ReadSource = SearchedSource["source"];
import { displayPath, plural, printable, writeProblemCount } from "./display.js";
import { duplicatesOf } from "./inspect.js";
import type { Io } from "./runtime/io.js";
import type { Session } from "./session.js";

/** One source in `providers --json`. */
export interface SourceReport {
  kind: ReadSource["kind"];
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
  /** True when the project's configuration did not list it: it reads only the user's rules under home. */
  userOnly?: true;
  /** Where it looks (empty for a provider with only its own `load`). */
  sources: SourceReport[];
  /** Rule files it found: winners, shadowed, duplicates and files another provider read first. */
  rules: number;
}

/** Builds the `providers --json` list, in precedence order. */
export function providersReport(session: Session): ProviderReport[] {
  const searched = session.load.sources;
  const found: Rule[] = [
    ...session.load.rules,
    ...session.load.shadowed.map((s) => s.rule),
    ...duplicatesOf(session).map((d) => d.rule),
    // A file another provider read first is one rule, but this provider found it too.
    ...session.load.readTwice.map((r) => r.rule),
  ];
  return session.load.providers.map(({ id, displayName, priority }) => {
    const origin = session.host.origins.get(id);
    const sources = searched.filter((s) => s.provider === id).map((s) => sourceReport(s, session));
    return {
      id,
      displayName,
      priority,
      package: origin?.package ?? "(unknown)",
      ...(origin?.version !== undefined && { version: origin.version }),
      bundled: origin?.bundled ?? false,
      ...(origin?.userOnly === true && { userOnly: true as const }),
      sources,
      rules: found.filter((rule) => rule.source.provider === id).length,
    };
  });
}

function sourceReport({ source, rules }: SearchedSource, session: Session): SourceReport {
  return {
    kind: source.kind,
    level: source.level,
    where: sourceLabel(source, (path) => displayPath(path, session)),
    ...("extensions" in source && { extensions: [...source.extensions] }),
    rules,
  };
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
    const from = `${p.bundled ? "bundled" : "installed"}${p.userOnly ? "; your rules only, the configuration does not list it" : ""}`;
    lines.push(
      `${c.bold(printable(p.id))}  ${printable(p.displayName)}, priority ${p.priority}  ${c.dim(`${printable(p.package)}${printable(version)} (${from})`)}`,
    );
    if (p.sources.length === 0) {
      // Declared sources that stood for nothing in this load (an OpenCode list with no file) are not "no sources".
      const declares = typeof session.host.registry.providers.find((provider) => provider.id === p.id)?.sources === "function";
      lines.push(`  ${c.dim(declares ? "its sources name no file here" : "no declared sources (it reads its own files)")}`);
    }
    for (const s of p.sources) {
      const extensions = s.extensions ? ` ${c.dim(s.extensions.map((e) => `*${e}`).join(" "))}` : "";
      lines.push(`  ${s.level.padEnd(8)}${printable(s.where)}${extensions}  ${c.dim(plural(s.rules, "rule"))}`);
    }
    lines.push(`  ${plural(p.rules, "rule file")} found`, "");
  }
  io.stdout.write(`${lines.join("\n")}`);
  writeProblemCount(io.stderr, session.diagnostics);
  return 0;
}
