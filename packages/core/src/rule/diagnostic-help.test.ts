import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_HELP } from "./diagnostic-help.js";
import { DIAGNOSTIC_CODES } from "./diagnostics.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const table = [...readme.matchAll(/^\| `([a-z0-9-]+)` \| (error|warning|info) \| (.*) \|$/gm)].map(([, code, severity, help]) => ({
  code,
  severity,
  help,
}));

describe("the diagnostic codes' help", () => {
  it("is what the core README's table says, code by code, with the same severity", () => {
    expect(Object.fromEntries(table.map((row) => [row.code, row.help]))).toEqual(DIAGNOSTIC_HELP);
    for (const row of table) expect([row.code, DIAGNOSTIC_CODES[row.code as keyof typeof DIAGNOSTIC_CODES]]).toEqual([row.code, row.severity]);
  });
});
