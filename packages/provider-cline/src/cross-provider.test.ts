import { join } from "node:path";
import { createRegistry } from "@rulebook/core";
import { cursorProvider } from "@rulebook/provider-cursor";
import { nativeProvider } from "@rulebook/provider-native";
import { windsurfProvider } from "@rulebook/provider-windsurf";
import { describe, expect, it } from "vitest";
import { fixture } from "../test/helpers.js";
import { clineProvider } from "./index.js";

const cross = { cwd: join(fixture("cross"), "proj"), home: join(fixture("cross"), "home") };

describe("the four providers together", () => {
  it("resolve same-named rules native > cursor > windsurf > cline, reporting each loser with its winner", async () => {
    const result = await createRegistry([nativeProvider, cursorProvider, windsurfProvider, clineProvider]).load(cross);
    expect(result.providers.map((p) => p.id)).toEqual(["native", "cursor", "windsurf", "cline"]);
    expect(result.rules.map((r) => [r.name, r.source.provider, r.content])).toEqual([
      ["shared-a", "native", "native a"],
      ["shared-b", "cursor", "cursor b"],
      ["shared-c", "windsurf", "windsurf c"],
      ["cline-only", "cline", "cline only"],
    ]);
    expect(result.shadowed.map((s) => [s.rule.name, s.rule.source.provider, s.shadowedBy.source.provider, s.shadowedBy.path])).toEqual([
      ["shared-a", "cursor", "native", join(cross.cwd, ".xcsh/rules/shared-a.md")],
      ["shared-a", "windsurf", "native", join(cross.cwd, ".xcsh/rules/shared-a.md")],
      ["shared-b", "windsurf", "cursor", join(cross.cwd, ".cursor/rules/shared-b.mdc")],
      ["shared-a", "cline", "native", join(cross.cwd, ".xcsh/rules/shared-a.md")],
      ["shared-b", "cline", "cursor", join(cross.cwd, ".cursor/rules/shared-b.mdc")],
      ["shared-c", "cline", "windsurf", join(cross.cwd, ".windsurf/rules/shared-c.md")],
    ]);
    // A hidden rule of another tool whose text the winner does not carry loses that text: said on the hidden file.
    // Each winner is read on demand while the Cline rule it hides applies always: a trap, reported.
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ["shadow-drops-text", join(cross.cwd, ".cursor/rules/shared-a.mdc")],
      ["shadow-drops-text", join(cross.cwd, ".windsurf/rules/shared-a.md")],
      ["shadow-drops-text", join(cross.cwd, ".windsurf/rules/shared-b.md")],
      ["shadow-narrows", join(cross.cwd, ".xcsh/rules/shared-a.md")],
      ["shadow-narrows", join(cross.cwd, ".cursor/rules/shared-b.mdc")],
      ["shadow-narrows", join(cross.cwd, ".windsurf/rules/shared-c.md")],
    ]);
  });

  it("break the cursor/windsurf tie by registration order", async () => {
    const result = await createRegistry([nativeProvider, windsurfProvider, cursorProvider, clineProvider]).load(cross);
    expect(result.providers.map((p) => p.id)).toEqual(["native", "windsurf", "cursor", "cline"]);
    expect(result.rules.find((r) => r.name === "shared-b")?.source.provider).toBe("windsurf");
  });

  it("order by priority, not by the order of the list", async () => {
    const result = await createRegistry([clineProvider, windsurfProvider, cursorProvider, nativeProvider]).load(cross);
    expect(result.providers.map((p) => [p.id, p.priority])).toEqual([
      ["native", 100],
      ["windsurf", 50],
      ["cursor", 50],
      ["cline", 40],
    ]);
    expect(result.rules.find((r) => r.name === "shared-a")?.source.provider).toBe("native");
    expect(result.rules.find((r) => r.name === "shared-c")?.source.provider).toBe("windsurf");
  });
});
