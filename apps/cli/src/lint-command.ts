import { type Diagnostic, type Rule, createDiagnostic, findDeadGlobs, hasErrors, nodeFs } from "@rulebook/core";
import { ROOT_ALWAYS_APPLY_TOKEN_THRESHOLD, rootScopeAlwaysApply } from "@rulebook/prompt";
import packageJson from "../package.json" with { type: "json" };
import { countLine, diagnosticJson, formatDiagnosticGroups, plural } from "./display.js";
import type { Io } from "./runtime/io.js";
import { type LintFormat, githubAnnotations, sarifLog } from "./lint-formats.js";
import type { Session } from "./session.js";
import { loadTokenCounter } from "./tokens.js";

/**
 * Runs `rulebook lint`: every diagnostic of loading and partitioning, plus a warning when the
 * always-apply rules of the root scope pass {@link ROOT_ALWAYS_APPLY_TOKEN_THRESHOLD} tokens and
 * one per glob that matches no file of the project, on stdout grouped by file with a count line,
 * or as `--format json` (`{ "diagnostics": [...] }`), `github` (workflow annotations) or `sarif`
 * (a SARIF 2.1.0 log); exit code 1 when any is an error.
 */
export async function runLint(session: Session, options: { format?: LintFormat }, io: Io): Promise<number> {
  const diagnostics = [...session.diagnostics, ...(await promptSizeDiagnostics(session)), ...(await globDiagnostics(session))];
  const format = options.format ?? "text";
  if (format === "json") {
    io.stdout.write(`${JSON.stringify({ diagnostics: diagnostics.map(diagnosticJson) }, null, 2)}\n`);
  } else if (format === "github") {
    io.stdout.write(githubAnnotations(diagnostics, session.root));
  } else if (format === "sarif") {
    io.stdout.write(`${JSON.stringify(sarifLog(diagnostics.map(diagnosticJson), session.root, packageJson.version), null, 2)}\n`);
  } else if (diagnostics.length === 0) {
    const files = plural(session.partition.all.length + session.load.shadowed.length, "rule file");
    io.stdout.write(`${files}: ${countLine(diagnostics)}\n`);
  } else {
    io.stdout.write(formatDiagnosticGroups(diagnostics, session, io.stdout.color));
  }
  return hasErrors(diagnostics) ? 1 : 0;
}

/**
 * The `always-apply-too-large` warning (docs/behaviour.md#the-system-prompt): the always-apply
 * rules every prompt of this project carries, counted with o200k, naming the three largest.
 * An o200k token is at least one byte, so UTF-8 bytes bound the count from above: the
 * tokenizer is loaded only when the bytes pass the threshold (a rough count of four
 * characters a token is no such bound: 5,000 characters of CJK text can be 10,000 tokens), and
 * the rules are then counted largest first, stopping as soon as the tokens counted plus the
 * bytes left cannot pass it. When the warning fires every rule has been counted, so its numbers
 * are exact.
 */
async function promptSizeDiagnostics(session: Session): Promise<Diagnostic[]> {
  const rules = rootScopeAlwaysApply(session.partition);
  const threshold = ROOT_ALWAYS_APPLY_TOKEN_THRESHOLD;
  // Each rule's size: its bytes (a bound from above) until it is counted.
  const tokens = rules.map((rule) => utf8Bytes(rule.content));
  let left = tokens.reduce((sum, n) => sum + n, 0);
  if (left <= threshold) return [];
  const count = await loadTokenCounter();
  const largestFirst = tokens.map((_, i) => i).sort((a, b) => (tokens[b] as number) - (tokens[a] as number));
  let counted = 0;
  for (const i of largestFirst) {
    left -= tokens[i] as number;
    tokens[i] = count((rules[i] as Rule).content);
    counted += tokens[i] as number;
    if (counted + left <= threshold) return [];
  }
  const size = { tokens: counted, threshold, rules: rules.map((rule, i) => ({ name: rule.name, tokens: tokens[i] as number })) };
  const largest = [...size.rules].sort((a, b) => b.tokens - a.tokens).slice(0, 3);
  const names = largest.map((r) => `${r.name} (${thousands(r.tokens)})`).join(", ");
  const message =
    `the always-apply rules of the project root come to ${thousands(size.tokens)} tokens in every prompt, ` +
    `over ${thousands(size.threshold)}; the largest: ${names}. Scope, shorten or split them (a description makes a rule read on demand)`;
  const first = session.partition.alwaysApply.find((rule) => rule.name === largest[0]?.name);
  return [createDiagnostic("always-apply-too-large", message, { ...(first && { provider: first.source.provider, path: first.path }) })];
}

/**
 * The `glob-matches-no-file` warnings (docs/behaviour.md#diagnostics), each on the line of its
 * file that names the glob. Nothing when the load did not list the project's files (the walk was
 * truncated, or the root is home).
 */
async function globDiagnostics(session: Session): Promise<Diagnostic[]> {
  const files = session.load.projectFiles;
  if (files === undefined) return [];
  // A rule file with several dead globs is read once for all their lines.
  const heads = new Map<string, Promise<string[]>>();
  const headOf = (path: string) => {
    let head = heads.get(path);
    if (head === undefined) {
      head = frontmatterLines(path);
      heads.set(path, head);
    }
    return head;
  };
  return Promise.all(
    findDeadGlobs(session.partition.all, files).map(async ({ diagnostic, rule, glob }) => ({
      ...diagnostic,
      ...globLine(await headOf(rule.path), glob),
    })),
  );
}

/** The lines of the rule file's frontmatter, without its closing `---`; none when it has none or cannot be read. */
async function frontmatterLines(path: string): Promise<string[]> {
  try {
    const read = await nodeFs.readFile(path, 1024 * 1024);
    if (!("bytes" in read)) return [];
    const lines = new TextDecoder().decode(read.bytes).split(/\r\n|\r|\n/);
    const end = lines[0]?.trimEnd() === "---" ? lines.indexOf("---", 1) : -1;
    return end > 0 ? lines.slice(0, end) : [];
  } catch {
    // The file was read when the project loaded; if it is gone now, the warnings have no line.
    return [];
  }
}

/** The line of the frontmatter `head` that names `glob`, if one does. */
function globLine(head: readonly string[], glob: string): { line?: number } {
  // Copilot's applyTo gets `**/` in front when it is read: look for what the person wrote too.
  for (const wanted of [glob, glob.replace(/^\*\*\//, "")]) {
    const at = head.findIndex((line) => line.includes(wanted));
    if (at >= 0) return { line: at + 1 };
  }
  return {};
}

/**
 * A whole number with commas between groups of three digits (`16,158`), as `toLocaleString("en-US")`
 * writes it, without the 30-130 ms its first call spends setting up ICU's number formatting.
 */
export function thousands(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = out.length; at < digits.length; at += 3) out += `,${digits.slice(at, at + 3)}`;
  return n < 0 ? `-${out}` : out;
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}
