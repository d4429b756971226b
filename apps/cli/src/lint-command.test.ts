import { describe, expect, it } from "vitest";
import { thousands } from "./lint-command.js";

describe("thousands", () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    const numbers = [0, 7, 42, 999, 1000, 8000, 16_158, 100_000, 1_234_567, 10 ** 12, -1, -1234];
    for (let n = 1; n < 10 ** 9; n = n * 7 + 3) numbers.push(n);
    for (const n of numbers) expect(thousands(n), String(n)).toBe(n.toLocaleString("en-US"));
  });
});
