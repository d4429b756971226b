import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ConfigError } from "@rulebook/config";
import { afterAll, describe, expect, it } from "vitest";
import { fixture, fixtureCopy, rulebookFor } from "../test/fixture.js";
import { type RulesChanged, createRulebook } from "./index.js";

const copies: string[] = [];
afterAll(async () => {
  await Promise.all(copies.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function copy(scenario: string) {
  const made = await fixtureCopy(scenario);
  copies.push(made.dir);
  return made;
}

const ran = () => (globalThis as { __rulebookUntrustedConfigRan?: boolean }).__rulebookUntrustedConfigRan === true;

describe("trust, as the CLI decides it", () => {
  it("does not run an untrusted project's JavaScript configuration, and says so", async () => {
    const { proj, home } = await copy("untrusted-js-config");
    const rb = await createRulebook({ cwd: proj, root: proj, home, env: {} });
    try {
      expect(ran()).toBe(false);
      expect(existsSync(join(proj, "config-ran.txt"))).toBe(false);
      const session = rb.current();
      expect(session.trust.trusted).toBe(false);
      expect(session.skipped).toEqual([{ kind: "config", name: "rulebook.config.mjs", path: join(proj, "rulebook.config.mjs") }]);
      expect(session.diagnostics.map((d) => d.code)).toContain("untrusted-config-skipped");
      // With no configuration every bundled provider runs: the project's and the user's rules are there.
      expect(rb.systemPrompt().text).toContain("Use pnpm, never npm.");
      expect(rb.systemPrompt().text).toContain("Answer briefly");
    } finally {
      await rb.close();
    }
  });

  it("runs it once the project is trusted (trust: true), which is how the test above would see it run", async () => {
    const { proj, home } = await copy("untrusted-js-config");
    // The configuration lists a provider file that does not exist: loading it fails, naming it.
    await expect(createRulebook({ cwd: proj, root: proj, home, env: {}, trust: true })).rejects.toThrow(ConfigError);
    expect(existsSync(join(proj, "config-ran.txt"))).toBe(true);
    expect(ran()).toBe(true);
    (globalThis as { __rulebookUntrustedConfigRan?: boolean }).__rulebookUntrustedConfigRan = undefined;
  });

  it("trusts a project through RULEBOOK_TRUST=1 in the given environment, never through process.env when env is given", async () => {
    const { proj, home } = await copy("agent");
    const rb = await createRulebook({ cwd: proj, root: proj, home, env: { RULEBOOK_TRUST: "1" } });
    expect(rb.current().trust.trusted).toBe(true);
    await rb.close();
  });
});

describe("the load, as the CLI's", () => {
  it("follows a trusted project's import of a file under home, and refuses it for an untrusted one, with the warning", async () => {
    const { proj, home } = await copy("agent");
    await writeFile(join(proj, "CLAUDE.md"), "# Team\n\nShared conventions.\n@~/.claude/team-notes.md\n");
    await mkdir(join(home, ".claude"), { recursive: true });
    await writeFile(join(home, ".claude", "team-notes.md"), "Ask before adding a dependency.\n");
    const claude = (rb: Awaited<ReturnType<typeof createRulebook>>) => rb.current().partition.all.find((e) => e.rule.name === "CLAUDE")?.rule.content;
    const trusted = await createRulebook({ cwd: proj, root: proj, home, env: {}, trust: true });
    const untrusted = await createRulebook({ cwd: proj, root: proj, home, env: {} });
    try {
      expect(claude(trusted)).toContain("Ask before adding a dependency.");
      expect(trusted.current().diagnostics.map((d) => d.code)).not.toContain("import-untrusted");
      expect(claude(untrusted)).not.toContain("Ask before adding a dependency.");
      expect(untrusted.current().diagnostics.map((d) => d.code)).toContain("import-untrusted");
    } finally {
      await trusted.close();
      await untrusted.close();
    }
  });

  it("warns about a mode no rule declares, naming the modes there are", async () => {
    const rb = await rulebookFor("agent", { mode: "achitect" });
    try {
      expect(rb.current().diagnostics.find((d) => d.code === "mode-unknown")?.message).toMatch(/no rule declares mode "achitect"/);
    } finally {
      await rb.close();
    }
  });
});

describe("options that cannot work", () => {
  it("are errors naming the option", async () => {
    const { proj } = fixture("agent");
    await expect(createRulebook({ cwd: "relative/path" })).rejects.toThrow(/cwd must be an absolute path/);
    await expect(createRulebook({ cwd: proj, holdback: -1 })).rejects.toThrow(/holdback must be "line", "none" or a whole number/);
    await expect(createRulebook({ cwd: proj, maxRewinds: 1.5 })).rejects.toThrow(/maxRewinds must be a whole number/);
    await expect(createRulebook({ cwd: proj, maxTokens: 0 })).rejects.toThrow(/maxTokens/);
    await expect(createRulebook({ cwd: proj, repeat: { policy: "after-gap", turns: 0 } })).rejects.toThrow(/repeat must be/);
  });
});

describe("live rules", () => {
  it("reload() reads the files again; a call already made keeps what it had", async () => {
    const { proj, home } = await copy("agent");
    const rb = await createRulebook({ cwd: proj, root: proj, home, env: {} });
    try {
      const before = rb.current();
      await writeFile(join(proj, "AGENTS.md"), "Use Bun now.\n");
      expect(rb.systemPrompt().text).not.toContain("Use Bun now.");
      await rb.reload();
      expect(rb.systemPrompt().text).toContain("Use Bun now.");
      expect(before.partition.alwaysApply.find((r) => r.name === "AGENTS")?.content).toContain("Taskboard");
    } finally {
      await rb.close();
    }
  });

  it("with watch: true, sees a rule file edited while the agent runs, and close() releases the watchers", async () => {
    const { proj, home } = await copy("agent");
    const watchers = () => process.getActiveResourcesInfo().filter((r) => r === "FSEventWrap").length;
    const baseline = watchers();
    let changed: (change: RulesChanged) => void = () => undefined;
    const seen = new Promise<RulesChanged>((resolve) => {
      changed = resolve;
    });
    const rb = await createRulebook({ cwd: proj, root: proj, home, env: {}, watch: true, onChange: (change) => changed(change) });
    expect(watchers()).toBeGreaterThan(baseline);
    await writeFile(join(proj, ".cursor", "rules", "release-notes.mdc"), "---\ndescription: Release notes, short\n---\nOne line per change.\n");
    const change = await seen;
    expect(change.changed).toEqual(["release-notes"]);
    expect(rb.systemPrompt().text).toContain("Release notes, short");
    await rb.close();
    await rb.close();
    expect(watchers()).toBe(baseline);
  });
});
