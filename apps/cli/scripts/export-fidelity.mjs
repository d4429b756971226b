// Export fidelity over real public repositories (not a test): for each repository and each
// target, run the CLI's `rulebook export --to <target> --force` (its sources, bundled once with
// the esbuild tsup ships, run in this process) in a fresh copy of the
// repository's rule files, read the result back with that target's provider alone, and count
// per rule: preserved (read back the same, or the target's own rule left in place), reported
// loss, silent change (neither), and markers in read-back text; then export again (must write
// nothing), `--check` (must pass), edit a source (must fail) and an exported file (must fail).
// Repositories come from bare snapshots under RULEBOOK_MIRROR (default /work/.mirror,
// <owner>+<name>/repo), at the commit listed (HEAD when none); a missing one is skipped. Their
// files are extracted to a temporary folder and never committed. `ONLY=claude,roo` limits targets,
// `REPOS=zeke,bunli` repositories.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadRules } from "@rulebook/core";
import { judgeReadBack, markersInText } from "@rulebook/core/testing";

const MIRROR = process.env.RULEBOOK_MIRROR ?? "/work/.mirror";
const APP = fileURLToPath(new URL("..", import.meta.url));
const REPOSITORIES = [
  ["13nosui/kiro-development-template-heroui-nextjs", "c001f405c8bbb6820be2352f591d04045f6dea52"],
  ["3pontos-tech/firaga", "b18a1854b90bad50ea43aa6b0a58323a4a6897f9"],
  ["4DA-Systems/4DA", "cea5aa81a6e611bbcf06f1ec409ab9a7fe815a89"],
  ["AIArmada/commerce", "4a11b8557f0b09237c0da99cfb9f5695068077c6"],
  ["AryaLabsHQ/bunli", "52335c04bf0aa90dd62d7c4f47d3c785c7ad0f26"],
  ["BodhiSearch/BodhiApp", "90b9516373b2e9ac426507aeef141fe2f7d3c0dd"],
  ["Cyoda-platform/java-client-template", "66a60548c6bfa8e3e6e56b19c98f8fecf648fd1b"],
  ["GYCinc/SemanticSurf", "bee85c6cbc02455ab7f0cb80b55e0270123f6e29"],
  ["ParkerRex/zeke", "b7d44ad7af8395bbb9186dba6c063031cbddf320"],
  ["PowerShell/PowerShell", "929903692e550140efb5042ed05d65bfd21ccb5f"],
  ["RooCodeInc/Roo-Code", "cb836567180a3ff1da6d082f3178b90c3bd22a70"],
  ["cline/cline", "21cb8d2525bcedf1f4b6890b27a74a14fe7451e4"],
  ["cloudflare/workers-sdk", "f8308360283f97d33e188aee2e19c1ef9c09524a"],
  ["continuedev/continue", "d0a3c0b626b5bebc3bef4742eec05a0242be0bab"],
  ["dfadler1984/cursor-rules", "77483f7dc67a26dfdad5093744b0a45b24a433ef"],
  ["formbricks/formbricks", "b66c1dd978af618a0e402bd3343b456bed68594c"],
  ["gabrielkoo/q-dependabot", "fa87d20140e71a154dcbd403d6a08a36d7fcffb7"],
  ["geehexx/mcp-web", "a0aa0e19c5805ab4ed14da6946279aeead5645a6"],
  ["google-gemini/gemini-cli", "5411f113cafae26161b4969b0237b8e1e024e2c2"],
  ["inercia/mitto", "09f57d87c3c4922c505c8597312b31a3bf9ceb31"],
  ["kirodotdev/spirit-of-kiro", "03d9cc93bb2a0423e8033dd731efc2183508bbce"],
  ["microsoft/vscode-mssql", "f36188fc52793359b30276946655f95b7cdd5d47"],
  ["openai/openai-agents-python", "7f7a44f8dc0650296bd5ab6c745c9bcbaa6ac3b7"],
  ["r0227n/flutter_whisper_kit", "02c34d527e1c0fd0d9be0f030da38403147dc12f"],
  ["reporails/cli", "5dd3f318fe31bb64672460c57c2b5384cbbf71fb"],
  ["rubrikinc/terraform-provider-polaris", "70d12de4be1b342c3f509a0b2e830338cc9a3e3c"],
];
const IDS = [
  "native",
  "agents",
  "agents-md",
  "cursor",
  "windsurf",
  "claude",
  "cline",
  "gemini",
  "qwen",
  "copilot",
  "crush",
  "goose",
  "kiro",
  "roo",
  "continue",
  "kilocode",
  "amazonq",
  "augment",
  "junie",
  "trae",
  "zed",
];
// Only the files a provider could read are extracted (tools' folders, instruction files, legacy files).
const RULE_PATH =
  /(^|\/)(\.(xcsh|agents?|cursor|windsurf|devin|claude|clinerules|github|kiro|roo|continue|amazonq|augment|junie|qwen|kilocode|kilo|trae|gemini|goose|crush|zed|opencode)\/|\.[a-z]+rules|AGENTS?(\.override)?\.md$|CLAUDE(\.local)?\.md$|GEMINI\.md$|QWEN\.md$|(CRUSH|Crush|crush)(\.local)?\.md$|rules\.md$|\.rules$|\.goosehints$|\.roorules|\.clinerules|\.cursorrules|\.windsurfrules|\.kilocoderules)/;

const providers = [];
for (const id of IDS) {
  const module = await import(`@rulebook/provider-${id}`);
  const provider = Object.values(module).find((value) => value && typeof value === "object" && value.id === id);
  if (provider) providers.push(provider);
}
providers.sort((a, b) => b.priority - a.priority);
const only = process.env.ONLY ? new Set(process.env.ONLY.split(",")) : undefined;
const targets = providers.filter((p) => typeof p.write === "function" && (!only || only.has(p.id)));
const totals = new Map(targets.map((t) => [t.id, { exact: 0, inPlace: 0, loss: 0, warned: 0, silent: 0, marker: 0, runs: 0, failed: 0 }]));
const failures = [];
const parts = new Map();
const scratch = mkdtempSync(join(tmpdir(), "rulebook-export-fidelity-"));
const home = join(scratch, "home");
mkdirSync(home);
const { run, createColors } = await bundleCli();
/** Runs `rulebook export …` in this process: `{ status, stdout, stderr }` as a spawned run would give. */
async function cli(root, ...args) {
  const out = { stdout: "", stderr: "" };
  const stream = (key) => ({ write: (text) => void (out[key] += text), color: createColors(false), isTTY: false });
  const io = { stdout: stream("stdout"), stderr: stream("stderr"), cwd: root, home, stdinIsTerminal: false, readStdin: async () => "" };
  const status = await run(["--cwd", root, "--root", root, "--home", home, "export", ...args], io);
  return { status, ...out };
}
let repositories = 0;
let sourceRules = 0;
try {
  const repos = process.env.REPOS ? process.env.REPOS.split(",") : undefined;
  for (const [name, commit] of REPOSITORIES) {
    if (repos && !repos.some((part) => name.includes(part))) continue;
    const base = join(MIRROR, name.replace("/", "+"), "repo");
    const gitDir = existsSync(join(base, ".git")) ? join(base, ".git") : base;
    if (!existsSync(gitDir)) {
      console.log(`skipped ${name}: not in ${MIRROR} (fetch it first)`);
      continue;
    }
    const paths = execFileSync("git", ["--git-dir", gitDir, "ls-tree", "-r", "--name-only", commit], { encoding: "utf8", maxBuffer: 1 << 28 })
      .split("\n")
      .filter((p) => RULE_PATH.test(p));
    const pristine = join(scratch, "pristine", name.replace("/", "+"));
    mkdirSync(pristine, { recursive: true });
    if (paths.length > 0) {
      // Blobs a snapshot lacks (large media) make git complain about files it does not archive.
      const archive = execFileSync("git", ["--literal-pathspecs", "--git-dir", gitDir, "archive", commit, "--", ...paths], {
        maxBuffer: 1 << 28,
        stdio: ["ignore", "pipe", "ignore"],
      });
      execFileSync("tar", ["-x", "-C", pristine], { input: archive });
    }
    mkdirSync(join(pristine, ".git"), { recursive: true });
    const source = await loadRules(providers, { cwd: pristine, root: pristine, home });
    repositories++;
    sourceRules += source.rules.length;
    for (const target of targets) {
      const root = join(scratch, "run", name.replace("/", "+"), target.id);
      cpSync(pristine, root, { recursive: true });
      const total = totals.get(target.id);
      total.runs++;
      const fail = (what) => {
        total.failed++;
        failures.push(`${name} → ${target.id}: ${what}`);
      };
      const first = await cli(root, "--to", target.id, "--force", "--json");
      if (first.status !== 0) {
        fail(`export exited ${first.status}: ${(first.stdout + first.stderr).trim().split("\n").slice(0, 3).join(" ")}`);
        continue;
      }
      const plan = JSON.parse(first.stdout);
      // The rules in effect here, as export read them (its own output set aside).
      const here = await loadRules(providers, { cwd: root, root, home });
      const back = await loadRules([target], { cwd: root, root, home });
      const readBack = [...back.rules, ...back.duplicates.map((d) => d.rule), ...back.copies.map((c) => c.rule)];
      const verdicts = judgeReadBack(source.rules, readBack, plan, { root, files: plan.files });
      total.exact += verdicts.filter((v) => v.verdict === "exact").length;
      total.inPlace += verdicts.filter((v) => v.verdict === "in-place").length;
      total.loss += verdicts.filter((v) => v.verdict === "loss").length;
      for (const l of plan.losses) parts.set(`${l.part} (${l.severity})`, (parts.get(`${l.part} (${l.severity})`) ?? 0) + 1);
      const warned = new Set(plan.losses.filter((l) => l.severity === "warning").map((l) => l.rule));
      total.warned += verdicts.filter((v) => v.verdict === "loss" && warned.has(v.rule)).length;
      for (const v of verdicts.filter((v) => v.verdict === "wrong")) {
        total.silent++;
        failures.push(`${name} → ${target.id}: silent change of ${v.rule} (${v.why})`);
      }
      for (const r of markersInText(readBack)) {
        total.marker++;
        failures.push(`${name} → ${target.id}: marker in the text of ${r.name}`);
      }
      if (here.rules.length !== source.rules.length)
        fail(`the rules in effect changed after the export: ${source.rules.length} → ${here.rules.length}`);
      const again = await cli(root, "--to", target.id, "--json");
      const changed = again.status === 0 ? JSON.parse(again.stdout).files.filter((f) => f.status !== "unchanged") : [{ path: again.stderr.trim() }];
      if (changed.length > 0) fail(`the second export changed ${changed.map((f) => f.path).join(", ")}`);
      if ((await cli(root, "--to", target.id, "--check")).status !== 0) fail("--check failed right after an export");
      const written = plan.files.find((f) => f.status === "create" && f.sources?.length > 0);
      if (!written) continue;
      const sourceFile = join(root, ...written.sources[0].split("/"));
      const original = readFileSync(sourceFile);
      appendFileSync(sourceFile, "\nOne more line.\n");
      if ((await cli(root, "--to", target.id, "--check")).status !== 1) fail(`--check missed an edit of ${written.sources[0]}`);
      writeFileSync(sourceFile, original);
      appendFileSync(join(root, ...written.path.split("/")), "\nEdited by hand.\n");
      if ((await cli(root, "--to", target.id, "--check")).status !== 1) fail(`--check missed an edit of ${written.path}`);
      rmSync(root, { recursive: true, force: true });
    }
    console.error(`done ${name} (${source.rules.length} rules)`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log(`\n${repositories} repositories, ${sourceRules} rules in effect, exported to each target and read back with it alone:\n`);
console.log(
  "| target | preserved (exact + in place) | reported loss (of which a warning) | silent change | marker in text | check / idempotence failures |",
);
console.log("|---|---:|---:|---:|---:|---:|");
for (const [id, t] of totals) {
  console.log(
    `| ${id} | ${t.exact + t.inPlace} (${t.exact} + ${t.inPlace}) | ${t.loss} (${t.warned}) | ${t.silent} | ${t.marker} | ${t.failed} of ${t.runs} runs |`,
  );
}
console.log(
  "\nLosses by part (rules × targets): " +
    [...parts]
      .sort((a, b) => b[1] - a[1])
      .map(([part, n]) => `${part} ${n}`)
      .join(", "),
);
if (failures.length > 0) console.log(`\nfailures:\n${failures.join("\n")}`);
process.exitCode = failures.length > 0 ? 1 : 0;

/** The CLI's `run` (src/program.ts) bundled to one module under node_modules/.cache, its packages left as imports. */
async function bundleCli() {
  const esbuild = createRequire(createRequire(import.meta.url).resolve("tsup"))("esbuild");
  const outfile = join(APP, "node_modules", ".cache", "export-fidelity", "program.mjs");
  await esbuild.build({
    stdin: { contents: 'export { run } from "./program.ts"; export { createColors } from "./ansi.ts";', resolveDir: join(APP, "src"), loader: "ts" },
    outfile,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    supported: { "import-attributes": true },
    logLevel: "error",
  });
  return import(outfile);
}
