import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { loadProjectConfig } from "./project-config.js";
import { ConfigError } from "./config-error.js";
import { readTrustList, trustProject } from "./trust.js";

// Issue 39, item 6: every file Rulebook opens has the rule files' guarantees. Each of these
// hung the command (a FIFO: nobody ever writes to it) or filled memory (/dev/zero) before.

function project(): { proj: string; home: string; fifo: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "rulebook-config-hostile-")));
  onTestFinished(() => rmSync(root, { recursive: true, force: true }));
  const proj = join(root, "proj");
  const home = join(root, "home");
  mkdirSync(proj, { recursive: true });
  mkdirSync(home, { recursive: true });
  const fifo = join(root, "fifo");
  execFileSync("mkfifo", [fifo]);
  return { proj, home, fifo };
}

describe("configuration files and the trust list are read as rule files are", () => {
  for (const [name, target] of [
    [".rulebookrc", "fifo"],
    [".rulebookrc", "/dev/zero"],
    ["package.json", "/dev/zero"],
    ["rulebook.config.json", "fifo"],
  ] as const) {
    it(`skips ${name} -> ${target} with a warning: the project has no configuration from it`, async () => {
      const { proj, home, fifo } = project();
      symlinkSync(target === "fifo" ? fifo : target, join(proj, name));
      const result = await loadProjectConfig(proj, { home, homeGiven: true });
      expect(result.config).toBeUndefined();
      expect(result.diagnostics).toEqual([
        expect.objectContaining({
          code: "config-file-skipped",
          severity: "warning",
          path: join(proj, name),
          message: expect.stringMatching(/not a regular file/),
        }),
      ]);
    });
  }

  it("skips a configuration file over 1 MiB with a warning", async () => {
    const { proj, home } = project();
    writeFileSync(join(proj, ".rulebookrc"), `mode: code\n#${"x".repeat(1024 * 1024)}\n`);
    const result = await loadProjectConfig(proj, { home, homeGiven: true });
    expect(result.config).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.message.match(/over the \d+-byte limit/)?.[0]])).toEqual([
      ["config-file-skipped", "over the 1048576-byte limit"],
    ]);
  });

  it("trusts nothing through a trust.json that is a FIFO or a device, and says why", async () => {
    const { home, fifo } = project();
    const list = join(home, ".config/rulebook/trust.json");
    mkdirSync(dirname(list), { recursive: true });
    symlinkSync(fifo, list);
    const read = await readTrustList(list);
    expect(read.list).toEqual({ trusted: [], protectedRules: [] });
    expect(read.problem).toMatch(/not a regular file/);
    rmSync(list);
    symlinkSync("/dev/zero", list);
    expect((await readTrustList(list)).problem).toMatch(/not a regular file/);
  });
});

describe("writing a trust list that is a symbolic link (issue 39)", () => {
  it("keeps the link a link and writes through it, atomically", async () => {
    const { proj, home } = project();
    const dotfiles = join(home, "dotfiles/rulebook-trust.json");
    mkdirSync(dirname(dotfiles), { recursive: true });
    writeFileSync(dotfiles, '{ "trusted": [], "protectedRules": ["security"] }\n');
    const list = join(home, ".config/rulebook/trust.json");
    mkdirSync(dirname(list), { recursive: true });
    symlinkSync(dotfiles, list);
    await trustProject(proj, list);
    expect(lstatSync(list).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(dotfiles, "utf8"))).toEqual({ trusted: [proj], protectedRules: ["security"] });
    expect(readdirSync(dirname(dotfiles))).toEqual(["rulebook-trust.json"]);
  });

  it("refuses a link that points nowhere, naming where it points, and leaves it as it is", async () => {
    const { proj, home } = project();
    const list = join(home, ".config/rulebook/trust.json");
    mkdirSync(dirname(list), { recursive: true });
    symlinkSync(join(home, "dotfiles/missing.json"), list);
    const error = await trustProject(proj, list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/is a symbolic link to .*dotfiles\/missing\.json, which does not exist/);
    expect(lstatSync(list).isSymbolicLink()).toBe(true);
  });
});
