import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeFs } from "../read/fs.js";
import { type Provider, type ProviderContext, type ProviderDefinition, defineProvider } from "../provider/provider.js";
import { loadRuleFolder } from "../read/rule-file.js";
import type { RuleLevel } from "../rule/types.js";
import { checkProviderContract } from "./check-contract.js";
import { type ProviderContractOptions, providerContractChecks } from "./contract-checks.js";
import type { ContractSetup } from "./contract-setup.js";
import { runProviderContract } from "./run-contract.js";

const setup: ContractSetup = (target) => target.writeInto(".ref/rules", ".md");

async function loadBoth(ctx: ProviderContext, id = "reference") {
  const load = (root: string, level: RuleLevel) =>
    loadRuleFolder(ctx, join(root, ".ref", "rules"), {
      extensions: [".md"],
      source: { provider: id, providerName: "Reference", level },
    });
  const [project, user] = await Promise.all([load(ctx.cwd, "project"), load(ctx.home, "user")]);
  return { rules: [...project.rules, ...user.rules], diagnostics: [...project.diagnostics, ...user.diagnostics] };
}

const base: ProviderDefinition = { id: "reference", displayName: "Reference", priority: 10, load: (ctx) => loadBoth(ctx) };
const reference = defineProvider(base);

runProviderContract(reference, { setup });

async function failures(provider: Provider, options: ProviderContractOptions = { setup }): Promise<string[]> {
  const results = await checkProviderContract(provider, options);
  return results.filter((r) => r.status === "failed").map((r) => r.name);
}

async function problemsOf(provider: Provider, name: string, options: ProviderContractOptions = { setup }): Promise<string[]> {
  const check = providerContractChecks(provider, options).find((c) => c.name.startsWith(name));
  if (!check) throw new Error(`no check named ${name}`);
  return check.run();
}

describe("the provider contract catches broken providers", () => {
  it("passes the reference provider on every check", async () => {
    expect(await failures(reference)).toEqual([]);
  });

  it("skips the on-disk checks when no setup is given", async () => {
    const results = await checkProviderContract(reference);
    expect(results.filter((r) => r.status === "skipped").length).toBeGreaterThan(3);
    expect(results.filter((r) => r.status === "failed")).toEqual([]);
  });

  it("fails a provider that throws on a binary file", async () => {
    const fragile = defineProvider({
      ...base,
      async load(ctx) {
        const result = await loadBoth(ctx);
        if (result.diagnostics.some((d) => d.code === "file-binary")) throw new Error("cannot handle binary");
        return result;
      },
    });
    expect(await problemsOf(fragile, "never throws")).toEqual([expect.stringContaining("load() failed: cannot handle binary")]);
  });

  it("fails a provider whose diagnostics lose their path", async () => {
    const pathless = defineProvider({
      ...base,
      async load(ctx) {
        const result = await loadBoth(ctx);
        return { rules: result.rules, diagnostics: result.diagnostics.map(({ path: _path, ...d }) => d) };
      },
    });
    const problems = await problemsOf(pathless, "never throws");
    expect(problems.some((p) => p.startsWith("diagnostic without a path"))).toBe(true);
    expect(problems.some((p) => p.includes("contract-binary.md"))).toBe(true);
    expect(await problemsOf(pathless, "never throws", { setup, pathlessCodes: ["file-binary"] })).not.toContainEqual(
      expect.stringContaining('"code":"file-binary"'),
    );
  });

  it("fails a provider whose order changes from one load to the next", async () => {
    let calls = 0;
    const flaky = defineProvider({
      ...base,
      async load(ctx) {
        const result = await loadBoth(ctx);
        return { ...result, rules: calls++ % 2 === 0 ? result.rules : [...result.rules].reverse() };
      },
    });
    expect(await problemsOf(flaky, "returns the same order")).toEqual([expect.stringContaining("two loads of one project differ")]);
  });

  it("fails a provider that returns relative paths (the core stamps its id on every rule)", async () => {
    const sloppy = defineProvider({
      ...base,
      async load(ctx) {
        const result = await loadBoth(ctx, "someone-else");
        return { ...result, rules: result.rules.map((r, i) => (i === 0 ? { ...r, path: "relative.md" } : r)) };
      },
    });
    const problems = await problemsOf(sloppy, "finds every rule");
    expect(problems).toContainEqual(expect.stringContaining('non-absolute path "relative.md"'));
    expect(problems.some((p) => p.includes("someone-else"))).toBe(false);
  });

  it("fails a provider that tags home rules as project rules", async () => {
    const flat = defineProvider({
      ...base,
      async load(ctx) {
        const result = await loadBoth(ctx);
        return { ...result, rules: result.rules.map((r) => ({ ...r, source: { ...r.source, level: "project" as const } })) };
      },
    });
    expect(await problemsOf(flat, "gives each rule the level")).toContainEqual(expect.stringContaining("expected user"));
  });

  it("fails a provider that reads the disk instead of ctx.fs", async () => {
    const direct = defineProvider({ ...base, load: (ctx) => loadBoth({ ...ctx, fs: nodeFs }) });
    expect(await problemsOf(direct, "reads files through ctx.fs")).toEqual([
      expect.stringContaining("with an injected ctx.fs the provider found:\n(nothing)"),
    ]);
  });

  it("fails a provider that reports something in an empty project", async () => {
    const noisy = defineProvider({
      ...base,
      load: () => ({ rules: [], diagnostics: [{ severity: "info", code: "hello", message: "nothing here" }] }),
    });
    expect(await failures(noisy, {})).toEqual(["finds nothing and reports nothing in an empty project and home"]);
  });

  it("fails a hand-made object, a non-finite priority and an upper-case id", async () => {
    const handMade = { id: "Reference", displayName: " ", priority: Number.NaN, load: base.load } as unknown as Provider;
    expect(await failures(handMade, {})).toEqual(["is a well-formed provider", "has a finite priority", "has a lower-case id and a display name"]);
  });

  it("fails when setup writes where the provider does not look", async () => {
    const problems = await problemsOf(reference, "finds every rule", { setup: (t) => t.writeInto(".elsewhere", ".md") });
    expect(problems).toContainEqual(expect.stringContaining("load found none"));
  });
});
