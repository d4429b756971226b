// Export fidelity over real public repositories (not a test): read each repository's rules with
// every bundled provider, export them to every target that can write, read them back with that
// target alone, and count rules read back exactly / with a reported loss / wrong.
// Repositories come from the research mirror (/work/.mirror/<owner>+<name>/repo, or
// RULEBOOK_MIRROR); a missing one is skipped with a message. Their files are extracted to a
// temporary folder and never committed.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadRules } from "@rulebook/core";
import { checkExportRoundTrip } from "@rulebook/core/testing";

const MIRROR = process.env.RULEBOOK_MIRROR ?? "/work/.mirror";
const REPOSITORIES = [
  ["BodhiSearch/BodhiApp", "90b9516373b2e9ac426507aeef141fe2f7d3c0dd"],
  ["dfadler1984/cursor-rules", "77483f7dc67a26dfdad5093744b0a45b24a433ef"],
  ["geehexx/mcp-web", "a0aa0e19c5805ab4ed14da6946279aeead5645a6"],
  ["AryaLabsHQ/bunli", "52335c04bf0aa90dd62d7c4f47d3c785c7ad0f26"],
  ["PowerShell/PowerShell", "929903692e550140efb5042ed05d65bfd21ccb5f"],
  ["cline/cline", "21cb8d2525bcedf1f4b6890b27a74a14fe7451e4"],
  ["ParkerRex/zeke", "b7d44ad7af8395bbb9186dba6c063031cbddf320"],
  ["cloudflare/workers-sdk", "f8308360283f97d33e188aee2e19c1ef9c09524a"],
  ["13nosui/kiro-development-template-heroui-nextjs", "c001f405c8bbb6820be2352f591d04045f6dea52"],
  ["4DA-Systems/4DA", "cea5aa81a6e611bbcf06f1ec409ab9a7fe815a89"],
];
const IDS = [
  "native", "agents", "agents-md", "cursor", "windsurf", "claude", "cline", "gemini", "copilot", "kiro", "roo", "continue", "amazonq", "augment", "junie",
  "qwen", "crush", "goose", "kilocode", "trae", "zed",
];
// Only the files a provider could read are extracted.
const RULE_PATH =
  /(^|\/)(\.[a-z]+(\/|rules)|AGENTS?(\.override)?\.md$|CLAUDE(\.local)?\.md$|GEMINI\.md$|QWEN\.md$|(CRUSH|Crush|crush)(\.local)?\.md$|rules\.md$|\.rules$|\.goosehints$|\.roorules|\.clinerules|\.cursorrules|\.windsurfrules|\.kilocoderules)/;

const providers = [];
for (const id of IDS) {
  const module = await import(`@rulebook/provider-${id}`);
  const provider = Object.values(module).find((value) => value && typeof value === "object" && value.id === id);
  if (provider) providers.push(provider);
}
const targets = providers.filter((p) => typeof p.write === "function");
const totals = new Map(targets.map((t) => [t.id, { exact: 0, loss: 0, wrong: 0 }]));
const wrongs = [];
const scratch = mkdtempSync(join(tmpdir(), "rulebook-export-fidelity-"));
let repositories = 0;
let sourceRules = 0;
try {
  for (const [name, commit] of REPOSITORIES) {
    const gitDir = join(MIRROR, name.replace("/", "+"), "repo");
    if (!existsSync(gitDir)) {
      console.log(`skipped ${name}: not in ${MIRROR} (fetch it first)`);
      continue;
    }
    const paths = execFileSync("git", ["--git-dir", gitDir, "ls-tree", "-r", "--name-only", commit], { encoding: "utf8", maxBuffer: 1 << 28 })
      .split("\n")
      .filter((p) => RULE_PATH.test(p));
    const root = join(scratch, name.replace("/", "+"));
    mkdirSync(root, { recursive: true });
    if (paths.length > 0) {
      const archive = execFileSync("git", ["--git-dir", gitDir, "archive", commit, "--", ...paths], { maxBuffer: 1 << 28 });
      execFileSync("tar", ["-x", "-C", root], { input: archive });
    }
    mkdirSync(join(root, ".git"), { recursive: true });
    const home = join(scratch, "home");
    mkdirSync(home, { recursive: true });
    const loaded = await loadRules(providers, { cwd: root, root, home });
    repositories++;
    sourceRules += loaded.rules.length;
    for (const target of targets) {
      const result = await checkExportRoundTrip(target, loaded.rules);
      const total = totals.get(target.id);
      total.exact += result.exact.length;
      total.loss += result.lost.length;
      total.wrong += result.wrong.length;
      for (const w of result.wrong) wrongs.push(`${name} → ${target.id}: ${w.rule} (${w.why})`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log(`\n${repositories} repositories, ${sourceRules} rules in effect, exported to each target and read back with it alone:\n`);
console.log("| target | exact | reported loss | wrong |");
console.log("|---|---:|---:|---:|");
for (const [id, t] of totals) console.log(`| ${id} | ${t.exact} | ${t.loss} | ${t.wrong} |`);
if (wrongs.length > 0) console.log(`\nwrong:\n${wrongs.join("\n")}`);
process.exitCode = wrongs.length > 0 ? 1 : 0;
