import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ExportLoss, type InPlaceRule, type Provider, loadRules } from "@rulebook/core";
import { judgeReadBack, markersInText } from "@rulebook/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { FIXTURES } from "../../test/helpers.js";
import { runInProcess } from "../../test/memory-io.js";

// Every bundled target, each exported from the same real-shaped monorepo (nested AGENTS.md,
// nested .cursor/rules, Copilot applyTo lists, Roo mode folders, a legacy .clinerules file,
// GEMINI.md), read back with that target's provider alone.
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
] as const;

const providers: Provider[] = [];
for (const id of IDS) {
  const module = (await import(`@rulebook/provider-${id}`)) as Record<string, unknown>;
  const provider = Object.values(module).find(
    (value): value is Provider => typeof value === "object" && value !== null && (value as Provider).id === id,
  );
  if (provider) providers.push(provider);
}
providers.sort((a, b) => b.priority - a.priority);

const scratch = mkdtempSync(join(tmpdir(), "rulebook-export-targets-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface ExportJson {
  files: { path: string; status: string; rules: string[]; sources?: string[] }[];
  losses: ExportLoss[];
  inPlace: InPlaceRule[];
}

describe.each(IDS)("export --to %s on a real-shaped monorepo", (id) => {
  it("reads back each rule the same or with a reported loss, writes nothing the second time, and --check sees every edit", async () => {
    const proj = join(scratch, id);
    cpSync(join(FIXTURES, "export-shapes", "proj"), proj, { recursive: true });
    mkdirSync(join(proj, ".git"));
    const home = join(scratch, "home");
    mkdirSync(home, { recursive: true });
    const where = { cwd: proj, root: proj, home };
    const args = ["--cwd", proj, "--root", proj, "--home", home];
    const exportTo = async (...more: string[]) => runInProcess([...args, "export", "--to", id, ...more]);
    const source = await loadRules(providers, where);

    const first = await exportTo("--force", "--json");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const plan = JSON.parse(first.stdout) as ExportJson;
    const target = providers.find((p) => p.id === id) as Provider;
    const back = await loadRules([target], where);
    const readBack = [...back.rules, ...back.duplicates.map((d) => d.rule), ...back.copies.map((c) => c.rule)];
    expect(markersInText(readBack).map((r) => r.path)).toEqual([]);
    expect(judgeReadBack(source.rules, readBack, plan, { root: proj, files: plan.files }).filter((v) => v.verdict === "wrong")).toEqual([]);
    for (const loss of plan.losses) expect(loss.message, loss.rule).not.toMatch(/written at the root with globs/);

    const second = JSON.parse((await exportTo("--json")).stdout) as ExportJson;
    expect(second.files.filter((f) => f.status !== "unchanged")).toEqual([]);
    expect((await exportTo("--check")).code).toBe(0);

    const written = plan.files.find((f) => f.status === "create" && f.sources && f.sources.length > 0);
    expect(written).toBeDefined();
    const sourceFile = join(proj, ...(written?.sources?.[0] ?? "").split("/"));
    const original = readFileSync(sourceFile);
    appendFileSync(sourceFile, "\nOne more line.\n");
    expect((await exportTo("--check")).code).toBe(1);
    writeFileSync(sourceFile, original);
    expect((await exportTo("--check")).code).toBe(0);
    appendFileSync(join(proj, ...(written?.path ?? "").split("/")), "\nEdited by hand.\n");
    const check = await exportTo("--check");
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`differs  ${written?.path}`);
  }, 60_000);
});
