import { join } from "node:path";
import { loadProvider } from "@rulebook/core/testing";
import { describe, expect, it } from "vitest";
import { fixture } from "../test/helpers.js";
import { clineProvider } from "./index.js";

const at = (scenario: string) => ({
  cwd: join(fixture(scenario), "proj"),
  home: join(fixture(scenario), "home"),
  root: join(fixture(scenario), "proj"),
});

describe("Cline's global rules folder", () => {
  it("is ~/Cline/Rules when there is no ~/Documents/Cline/Rules (Linux, WSL)", async () => {
    const { rules, diagnostics } = await loadProvider(clineProvider, at("linux-home"));
    expect(rules.map((r) => [r.name, r.source.level, r.alwaysApply])).toEqual([
      ["style", "project", true],
      ["language", "user", true],
    ]);
    expect(diagnostics).toEqual([]);
  });

  it("is ~/Documents/Cline/Rules when it exists, and only that one", async () => {
    const { rules } = await loadProvider(clineProvider, at("both-homes"));
    expect(rules.map((r) => [r.name, r.source.level])).toEqual([["commits", "user"]]);
  });
});
