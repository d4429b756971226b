import { describe, expect, it } from "vitest";
import { createColors, shouldUseColor } from "./ansi.js";

describe("shouldUseColor", () => {
  it("colours a terminal only when NO_COLOR is not set", () => {
    expect(shouldUseColor({ isTTY: true }, {})).toBe(true);
    expect(shouldUseColor({ isTTY: true }, { NO_COLOR: "1" })).toBe(false);
    expect(shouldUseColor({ isTTY: true }, { NO_COLOR: "" })).toBe(false);
    expect(shouldUseColor({ isTTY: false }, {})).toBe(false);
    expect(shouldUseColor({}, {})).toBe(false);
  });
});

describe("createColors", () => {
  it("wraps text in ANSI codes when enabled and leaves it alone otherwise", () => {
    expect(createColors(true).red("x")).toBe("\u001b[31mx\u001b[39m");
    expect(createColors(false).red("x")).toBe("x");
  });
});
