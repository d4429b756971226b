import { join } from "node:path";
import { createRegistry, partitionRules } from "@rulebook/core";
import { loadProvider } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { fixture, fixtureWithGit } from "../test/helpers.js";
import { clineProvider } from "./index.js";

const proj = join(fixture("repo"), "proj");
const home = join(fixture("repo"), "home");
const repo = { cwd: proj, home, root: proj };

describe("clineProvider on a repository shaped like Cline's own", () => {
  it("reads the project folder, then ~/Documents/Cline/Rules, without workflows/ or hooks/", async () => {
    const { rules, diagnostics } = await loadProvider(clineProvider, repo);
    expect(rules.map((r) => [r.name, r.source.level])).toEqual([
      ["general", "project"],
      ["protobuf", "project"],
      ["retired", "project"],
      ["storage", "project"],
      ["general", "user"],
      ["personal", "user"],
      ["shell", "user"],
    ]);
    expect(diagnostics).toEqual([expect.objectContaining({ severity: "info", code: "paths-empty", path: join(proj, ".clinerules/retired.md") })]);
  });

  it("applies rules without paths always, attaches rules by their paths (list or string), never applies paths: []", async () => {
    const result = await createRegistry([clineProvider]).load(repo);
    const categories = Object.fromEntries(partitionRules(result.rules).all.map((c) => [c.rule.name, c.category]));
    expect(categories).toEqual({
      general: "always-apply",
      protobuf: "auto-attach",
      retired: "inactive",
      storage: "auto-attach",
      personal: "always-apply",
      shell: "always-apply",
    });
    const globs = Object.fromEntries(result.rules.map((r) => [r.name, r.globs]));
    expect(globs.storage).toEqual(["src/storage/**", "src/state/**"]);
    expect(globs.protobuf).toEqual(["proto/**/*.proto", "src/generated/**"]);
  });

  it("lets a project rule shadow the user rule of the same name", async () => {
    const result = await createRegistry([clineProvider]).load(repo);
    expect(result.shadowed.map((s) => [s.rule.path, s.shadowedBy.path])).toEqual([
      [join(home, "Documents/Cline/Rules/general.md"), join(proj, ".clinerules/general.md")],
    ]);
  });
});

describe("clineProvider and the project root", () => {
  it("never reads a .clinerules above the repository root", async () => {
    const p = await fixtureWithGit("above-root", "service");
    const { rules, diagnostics } = await loadProvider(clineProvider, { cwd: join(p.cwd, "service/src"), home: p.home });
    expect(rules).toEqual([]);
    expect(diagnostics).toEqual([]);
  });

  it("reads that .clinerules when its folder is the project root", async () => {
    const p = await fixtureWithGit("above-root", ".");
    const { rules } = await loadProvider(clineProvider, { cwd: join(p.cwd, "service/src"), home: p.home });
    expect(rules.map((r) => [r.name, r.path])).toEqual([["clinerules", join(p.cwd, ".clinerules")]]);
  });
});
