import { describe, expect, it } from "vitest";
import { isInside } from "./project-root.js";

describe("isInside", () => {
  it("answers for a folder, its contents, a sibling sharing its prefix, and a path that climbs out", () => {
    expect(isInside("/p/root", "/p/root")).toBe(true);
    expect(isInside("/p/root/a/b.md", "/p/root")).toBe(true);
    expect(isInside("/p/a.md", "/")).toBe(true);
    expect(isInside("/p/rootless/a.md", "/p/root")).toBe(false);
    expect(isInside("/p/root/../elsewhere/a.md", "/p/root")).toBe(false);
    expect(isInside("/p", "/p/root")).toBe(false);
  });
});
