import { describe, expect, it } from "vitest";
import { exampleArgs, runCli } from "./helpers.js";
import { runInProcess } from "./memory-io.js";

interface ProvidersReport {
  providers: Array<{
    id: string;
    displayName: string;
    priority: number;
    package: string;
    version?: string;
    bundled: boolean;
    sources?: Array<{ kind: string; level: string; where: string; rules: number }>;
    rules: number;
  }>;
}

describe("rulebook providers", () => {
  it("lists each active provider with its package, version, priority and rule count, as JSON", async () => {
    const result = await runInProcess(["providers", "--json", ...exampleArgs]);
    expect(result.code).toBe(0);
    const { providers } = JSON.parse(result.stdout) as ProvidersReport;
    expect(providers.map((p) => [p.id, p.priority, p.package, p.bundled])).toEqual([
      ["native", 100, "@rulebook/provider-native", true],
      ["agents", 70, "@rulebook/provider-agents", true],
      ["cursor", 50, "@rulebook/provider-cursor", true],
      ["windsurf", 50, "@rulebook/provider-windsurf", true],
      ["cline", 40, "@rulebook/provider-cline", true],
    ]);
    for (const p of providers) expect(p.version).toMatch(/^\d+\.\d+\.\d+/);
    const rules = Object.fromEntries(providers.map((p) => [p.id, p.rules]));
    // The example: 5 native files (one in home), 6 Cursor (one in home, one legacy), 3 Windsurf, 2 Cline.
    expect(rules).toEqual({ native: 5, agents: 0, cursor: 6, windsurf: 3, cline: 2 });
    for (const p of providers) {
      for (const s of p.sources ?? []) expect(s.rules).toBeGreaterThanOrEqual(0);
      if (p.sources) expect(p.sources.reduce((n, s) => n + s.rules, 0)).toBe(p.rules);
    }
  });

  it("prints the same in human form, from the built CLI", () => {
    const result = runCli(["providers", ...exampleArgs]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^cursor {2}Cursor, priority 50 {2}@rulebook\/provider-cursor@\d+\.\d+\.\d+\S* \(bundled\)$/m);
    expect(result.stdout).toMatch(/^ {2}6 rule files found$/m);
  });
});
