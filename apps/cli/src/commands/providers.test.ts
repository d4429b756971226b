import { describe, expect, it } from "vitest";
import { BUNDLED_PROVIDERS } from "../bundled-providers.js";
import type { ProviderReport } from "../providers-command.js";
import { exampleArgs, runCli } from "../../test/helpers.js";
import { runInProcess } from "../../test/memory-io.js";

interface ProvidersReport {
  providers: ProviderReport[];
}

describe("rulebook providers", () => {
  it("lists each active provider with its package, version, priority and rule count, as JSON", async () => {
    const result = await runInProcess(["providers", "--json", ...exampleArgs]);
    expect(result.code).toBe(0);
    const { providers } = JSON.parse(result.stdout) as ProvidersReport;
    expect(providers.map((p) => p.package).sort()).toEqual(Object.keys(BUNDLED_PROVIDERS).sort());
    expect(providers.slice(0, 3).map((p) => [p.id, p.priority, p.package, p.bundled])).toEqual([
      ["native", 100, "@rulebook/provider-native", true],
      ["agents", 70, "@rulebook/provider-agents", true],
      ["agents-md", 60, "@rulebook/provider-agents-md", true],
    ]);
    for (const p of providers) expect(p.version).toMatch(/^\d+\.\d+\.\d+/);
    // The counts agree with what inspect reports, file by file.
    const inspect = JSON.parse((await runInProcess(["inspect", "--json", ...exampleArgs])).stdout) as {
      rules: Array<{ provider: string; alsoReadBy?: string[] }>;
      shadowed: Array<{ provider: string }>;
      duplicates: Array<{ provider: string }>;
    };
    // A file two providers read is one rule; the second provider found it too (Zed's fallback list).
    const alsoRead = inspect.rules.flatMap((r) => (r.alsoReadBy ?? []).map((provider) => ({ provider })));
    const files = [...inspect.rules, ...inspect.shadowed, ...inspect.duplicates, ...alsoRead];
    for (const p of providers) expect(p.rules, p.id).toBe(files.filter((f) => f.provider === p.id).length);
    expect(providers.find((p) => p.id === "native")?.rules).toBe(5);
    for (const p of providers) {
      for (const s of p.sources ?? []) expect(s.rules).toBeGreaterThanOrEqual(0);
      if (p.sources) expect(p.sources.reduce((n, s) => n + s.rules, 0)).toBe(p.rules);
    }
  });

  it("prints the same in human form, from the built CLI", () => {
    const result = runCli(["providers", ...exampleArgs]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^cursor {2}Cursor, priority 50 {2}@rulebook\/provider-cursor@\d+\.\d+\.\d+\S* \(bundled\)$/m);
    expect(result.stdout).toMatch(/^ {2}5 rule files found$/m);
    // A provider whose declared sources name nothing here (no opencode.json) says so, not "no declared sources".
    expect(result.stdout).toMatch(/^opencode {2}OpenCode, priority 15 .*\n {2}its sources name no file here\n {2}0 rule files found$/m);
  });
});
