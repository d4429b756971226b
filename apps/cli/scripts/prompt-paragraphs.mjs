#!/usr/bin/env node
// Checks, on real public repositories, that no paragraph of any rule appears twice in what
// `rulebook prompt` prints (issue 22), and reports the prompt's size in tokens.
//
//   node apps/cli/scripts/prompt-paragraphs.mjs [--repos DIR] [--cli PATH] [--json]
//
// Each repository is expected at DIR/<owner>+<name> (default DIR: $RULEBOOK_REPOS or
// /tmp/rulebook-repos), extracted at the pinned commit below with an empty `.git` folder so the
// project root is found there, e.g.
//   git --git-dir=<mirror> archive <commit> | tar -x -C DIR/<owner>+<name> && mkdir DIR/<owner>+<name>/.git
// A repository that is absent is skipped with a message (CI has no network). No file of these
// repositories is ever committed here. `--cli` runs another build (e.g. main's) for a before/after.
// Exit code 1 when some paragraph is repeated.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repositories of issue 22, pinned to the commit measured. */
export const REPOSITORIES = [
  { repo: "cloudflare/workers-sdk", commit: "f8308360283f97d33e188aee2e19c1ef9c09524a" },
  { repo: "formbricks/formbricks", commit: "b66c1dd978af618a0e402bd3343b456bed68594c" },
  { repo: "cline/cline", commit: "21cb8d2525bcedf1f4b6890b27a74a14fe7451e4" },
  { repo: "PowerShell/PowerShell", commit: "929903692e550140efb5042ed05d65bfd21ccb5f" },
  { repo: "getsentry/sentry-javascript", commit: "f7a6cc0c221c324026287a7218ed07e929eb69d4" },
];

// Paragraphs shorter than this are headings, one-word lines or list stubs that repeat by nature.
const MIN_PARAGRAPH = 60;
// Lines the prompt itself writes around rules (tags, its own headings and sentences).
const PROMPT_LINE = /^(?:<\/?(?:instructions|rules|rule|description|glob|attached-rule)\b[^>]*>|# (?:Rules|Folder instructions|Attached rules))$/;

function argument(name, fallback) {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : process.argv[at + 1];
}

/**
 * The prose paragraphs of a prompt that come from rules, normalised (white space collapsed).
 * Code blocks are left out: a rule may well show the same import line in two examples.
 */
export function ruleParagraphs(text) {
  const prose = [];
  let fence;
  for (const line of text.split("\n")) {
    const opened = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && opened) fence = opened;
    else if (fence !== undefined && opened?.startsWith(fence) && line.trim() === opened) fence = undefined;
    else if (fence === undefined) prose.push(line);
  }
  return prose
    .join("\n")
    .split(/\n[ \t]*\n/)
    .map((block) =>
      block
        .split("\n")
        .filter((line) => !PROMPT_LINE.test(line.trim()))
        .join("\n")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((paragraph) => paragraph.length >= MIN_PARAGRAPH);
}

/** Each paragraph met more than once, with its count. */
export function repeatedParagraphs(text) {
  const counts = new Map();
  for (const paragraph of ruleParagraphs(text)) counts.set(paragraph, (counts.get(paragraph) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([paragraph, count]) => ({ paragraph, count }));
}

function main() {
  const here = dirname(fileURLToPath(import.meta.url));
  const cli = resolve(argument("--cli", join(here, "../dist/cli.js")));
  const repos = resolve(argument("--repos", process.env.RULEBOOK_REPOS ?? join(tmpdir(), "rulebook-repos")));
  const home = mkdtempSync(join(tmpdir(), "rulebook-empty-home-"));
  const rows = [];
  try {
    for (const { repo, commit } of REPOSITORIES) {
      const dir = join(repos, repo.replace("/", "+"));
      if (!existsSync(dir)) {
        console.error(`skip ${repo}: not at ${dir} (extract commit ${commit.slice(0, 12)} there to check it)`);
        continue;
      }
      const out = execFileSync(process.execPath, [cli, "prompt", "--json", "--cwd", dir, "--root", dir, "--home", home], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        stdio: ["ignore", "pipe", "ignore"],
      });
      const prompt = JSON.parse(out);
      const repeated = repeatedParagraphs(prompt.text);
      rows.push({ repo, commit, tokens: prompt.tokens, paragraphs: ruleParagraphs(prompt.text).length, repeated });
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 2));
  else {
    for (const row of rows) {
      console.log(`${row.repo} @ ${row.commit.slice(0, 12)}: ${row.tokens} tokens, ${row.paragraphs} paragraphs, ${row.repeated.length} repeated`);
      for (const { paragraph, count } of row.repeated.slice(0, 3)) console.log(`  ${count}× ${paragraph.slice(0, 100)}…`);
    }
  }
  if (rows.length === 0) console.error("no repository present: nothing checked");
  process.exitCode = rows.some((row) => row.repeated.length > 0) ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
