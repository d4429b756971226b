import { describe, expect, it } from "vitest";
import { nameTwinDiagnostics, normalizeRuleName } from "./unicode-names.js";

const nfc = "caf\u00E9";
const nfd = "cafe\u0301";

describe("normalizeRuleName", () => {
  it("gives names that read the same one identity: NFC, hidden characters removed", () => {
    expect(normalizeRuleName(nfd)).toBe(nfc);
    expect(normalizeRuleName("secu\u200Brity")).toBe("security");
    expect(normalizeRuleName("de\u202Eploy")).toBe("deploy");
    expect(normalizeRuleName("backend/style")).toBe("backend/style");
    expect(normalizeRuleName("👨‍💻-tips")).toBe("👨‍💻-tips");
  });
});

describe("nameTwinDiagnostics", () => {
  it("warns about NFC and NFD spellings of one name, naming both files (issue 19 item 16)", () => {
    const diagnostics = nameTwinDiagnostics([
      { name: nfc, path: "/p/.cursor/rules/café.mdc", provider: "cursor" },
      { name: nfd, path: "/p/.cursor/rules/café-nfd.mdc", provider: "cursor" },
    ]);
    expect(diagnostics).toEqual([
      {
        severity: "warning",
        code: "name-twin",
        provider: "cursor",
        path: "/p/.cursor/rules/café-nfd.mdc",
        message: `rule name "${nfd}" (NFD) reads the same as "${nfc}" (NFC) of /p/.cursor/rules/café.mdc; they differ only in Unicode normalisation and are one rule named "${nfc}"`,
      },
    ]);
  });

  it("warns about a name that differs from another only by hidden characters", () => {
    const [d] = nameTwinDiagnostics([
      { name: "security", path: "/p/a/security.md" },
      { name: "secu\u200Brity", path: "/p/a/secu\u200Brity.md" },
    ]);
    expect(d?.message).toBe(
      'rule name "secu<U+200B>rity" reads the same as "security" of /p/a/security.md; they differ only in invisible characters and are one rule named "security"',
    );
  });

  it("leaves identical spellings to ordinary shadowing", () => {
    expect(
      nameTwinDiagnostics([
        { name: nfc, path: "/a" },
        { name: nfc, path: "/b" },
        { name: "x", path: "/c" },
      ]),
    ).toEqual([]);
  });
});
