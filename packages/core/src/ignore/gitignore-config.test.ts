import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBool, readIgnoreCase } from "./gitignore-config.js";

const gitMissing = spawnSync("git", ["--version"]).error !== undefined;

const MAC_CLONE = [
  "[core]",
  "\trepositoryformatversion = 0",
  "\tfilemode = true",
  "\tbare = false",
  "\tlogallrefupdates = true",
  "\tignorecase = true",
  "\tprecomposeunicode = true",
  '[remote "origin"]',
  "\turl = https://github.com/acme/web.git",
  "\tfetch = +refs/heads/*:refs/remotes/origin/*",
  '[branch "main"]',
  "\tremote = origin",
  "\tmerge = refs/heads/main",
  "",
].join("\n");
const WINDOWS_CLONE = MAC_CLONE.replace("\tprecomposeunicode = true\n", "\tsymlinks = false\n").replaceAll("\n", "\r\n");
const LINUX_CLONE = MAC_CLONE.replace("\tignorecase = true\n", "").replace("\tprecomposeunicode = true\n", "");

/** `core` sections whose `ignorecase` line is written in every way git's syntax allows, and some it refuses. */
const IN_CORE = [
  ...["ignorecase", "IgnoreCase = TRUE", "ignoreCase=yes", "ignorecase = on", "ignorecase = 1", "ignorecase = 0", "ignorecase = no"],
  ...["ignorecase = off", "ignorecase =", "ignorecase = false", 'ignorecase = "true"', 'ignorecase = tr"ue"', "ignorecase = true # macOS"],
  ...["ignorecase = true ; macOS", "ignorecase = tr\\\nue", "ignorecase = 2", "ignorecase = 0x10", "ignorecase = 1k", "ignorecase = -1"],
  ...["ignorecase = 08", "ignorecase = 0x", "ignorecase = maybe", 'ignorecase = "true', "ignorecase = \\q", "ignorecase ; comment"],
  ...["ignore_case = true", "  ignorecase  =  true  ", "\tignorecase = true\n\tignorecase = false", "ignorecase = false\nignorecase"],
  ...["; ignorecase = true", "# ignorecase = true", "ignorecase = 4294967296", "ignorecase = 3g", "ignorecase = 1g", "ignorecase = \t"],
  ...["ignorecase = maybe\nignorecase = true", "-x = 1\nignorecase = true", "2 = 1\nignorecase = true"],
];

const CONFIGS: string[] = [
  MAC_CLONE,
  WINDOWS_CLONE,
  LINUX_CLONE,
  `\uFEFF${MAC_CLONE}`,
  `${MAC_CLONE}[core]\n\tignorecase = false\n`,
  `${LINUX_CLONE}[user]\n\tname = "unterminated\n`,
  ...IN_CORE.map((line) => `[core]\n${line}\n`),
  ...["[Core]", "[CORE]", '[core "x"]', "[core.x]", "[core ]", "[ core]", "[core", "[]", "[co re]"].map(
    (header) => `${header}\n\tignorecase = true\n`,
  ),
  "[core] ignorecase = true\n",
  "ignorecase = true\n",
  "[core]\n\tignorecase = true\n[include]\n\tpath = elsewhere.gitconfig\n",
  "[core]\n\tignorecase = true",
  "\u0000\u0001\u0002 not a config \u00ff",
  "",
];

/** git's own verdict on `text` as `.git/config`: is `X` ignored by a `.gitignore` that says `x`? `false` when git refuses the file. */
function gitIgnoresCase(repo: string, text: string): boolean {
  writeFileSync(join(repo, ".git/config"), text);
  const env = { ...process.env, HOME: repo, XDG_CONFIG_HOME: repo, GIT_CONFIG_NOSYSTEM: "1" };
  const answer = spawnSync("git", ["check-ignore", "--no-index", "X"], { cwd: repo, env });
  // 0: ignored; 1: not ignored; 128: git refused the config.
  expect([0, 1, 128], String(answer.stderr)).toContain(answer.status);
  return answer.status === 0;
}

describe.skipIf(gitMissing)(gitMissing ? "core.ignorecase (skipped: git is not installed)" : "core.ignorecase against git", () => {
  let repo = "";
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), "rulebook-gitconfig-"));
    const init = spawnSync("git", ["init", "-q", repo], { env: { ...process.env, HOME: repo, GIT_CONFIG_NOSYSTEM: "1" } });
    expect(init.status, String(init.stderr)).toBe(0);
    writeFileSync(join(repo, ".gitignore"), "x\n");
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("reads the repository's config as git does: sections, keys, booleans, comments, quotes, and false where git refuses the file", () => {
    const differ = CONFIGS.filter((text) => readIgnoreCase(text) !== gitIgnoresCase(repo, text)).map((text) => JSON.stringify(text));
    expect(differ).toEqual([]);
    // Both answers are well represented.
    const trueCount = CONFIGS.filter(readIgnoreCase).length;
    expect(trueCount).toBeGreaterThan(10);
    expect(CONFIGS.length - trueCount).toBeGreaterThan(10);
  }, 60_000);
});

describe("parseBool", () => {
  it("reads git's spellings of true and false and refuses the rest", () => {
    expect([undefined, "true", "YES", "On", "1", "-3", "0x1", "1k"].map(parseBool)).toEqual(Array(8).fill(true));
    expect(["", "false", "No", "OFF", "0", "0x0", "0k"].map(parseBool)).toEqual(Array(7).fill(false));
    expect(["maybe", "1.5", "08", "1kb", "99999999999", "t"].map(parseBool)).toEqual(Array(6).fill(undefined));
  });
});
