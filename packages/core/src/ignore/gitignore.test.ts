import fc from "fast-check";
import ignore from "ignore";
import { describe, expect, it } from "vitest";
import { ignoreLine, pathName, patternLine } from "./gitignore.arbitraries.js";
import { compileIgnoreFile, ignoreVerdict, parseIgnoreFile } from "./gitignore.js";

/** Asks one ignore file about `path` the way the walk does: every folder on the way, then the entry, stopping where it is ignored. */
function walkVerdicts(text: string, base: string, path: string, isFolder: boolean): (boolean | undefined)[] {
  const file = compileIgnoreFile(text, base);
  const parts = path.split("/");
  const verdicts: (boolean | undefined)[] = [];
  for (let i = 0; i < parts.length; i++) {
    const folder = i < parts.length - 1 || isFolder;
    const at = [base, ...parts.slice(0, i + 1)].filter((p) => p !== "").join("/");
    const verdict = ignoreVerdict(file, at, parts[i] as string, folder);
    verdicts.push(verdict);
    if (verdict === true) break;
  }
  return verdicts;
}

/** The same questions put to the `ignore` package (case-sensitive, as git is by default on Linux). */
function ignorePackageVerdicts(text: string, path: string, isFolder: boolean): (boolean | undefined)[] {
  const rules = ignore({ ignorecase: false, allowRelativePaths: true }).add(text);
  const parts = path.split("/");
  const verdicts: (boolean | undefined)[] = [];
  for (let i = 0; i < parts.length; i++) {
    const folder = i < parts.length - 1 || isFolder;
    const result = rules.test(parts.slice(0, i + 1).join("/") + (folder ? "/" : ""));
    const verdict = result.ignored ? true : result.unignored ? false : undefined;
    verdicts.push(verdict);
    if (verdict === true) break;
  }
  return verdicts;
}

describe("parseIgnoreFile", () => {
  it("reads lines as git does: BOM, CRLF, comments, blanks and trailing spaces", () => {
    const text = "\uFEFF# comment\r\n\r\nnode_modules\r\n\\#hash\ntrailing   \nkept\\ \ntab\t\n  \n!negated  \nlast\r";
    expect(parseIgnoreFile(text)).toEqual(["", "node_modules", "\\#hash", "trailing", "kept\\ ", "tab\t", "", "!negated", "last"]);
  });
});

describe("ignoreVerdict", () => {
  const ask = (text: string, path: string, isFolder = false) =>
    ignoreVerdict(compileIgnoreFile(text, ""), path, path.split("/").at(-1) as string, isFolder);

  it("decides by the last matching rule, with folder-only rules skipped for files", () => {
    const text = ".vscode/*\n!.vscode/settings.json\nbuild/\n*.log\n!keep.log\n";
    expect(ask(text, ".vscode/launch.json")).toBe(true);
    expect(ask(text, ".vscode/settings.json")).toBe(false);
    expect(ask(text, "build", true)).toBe(true);
    expect(ask(text, "build")).toBeUndefined();
    expect(ask(text, "src/a.log")).toBe(true);
    expect(ask(text, "src/keep.log")).toBe(false);
    expect(ask(text, "src/a.txt")).toBeUndefined();
  });

  it("anchors a pattern with a slash at the ignore file's folder, and a name at any depth below it", () => {
    const file = compileIgnoreFile("/dist\nlib/gen\nout\n", "packages/web");
    const ask = (path: string) => ignoreVerdict(file, path, path.split("/").at(-1) as string, true);
    expect(ask("packages/web/dist")).toBe(true);
    expect(ask("packages/web/src/dist")).toBeUndefined();
    expect(ask("packages/web/lib/gen")).toBe(true);
    expect(ask("packages/web/src/lib/gen")).toBeUndefined();
    expect(ask("packages/web/a/b/out")).toBe(true);
  });

  it("compares bytes, as git does: `?` is one byte of a UTF-8 name", () => {
    expect(ask("?\n", "é")).toBeUndefined();
    expect(ask("??\n", "é")).toBe(true);
    expect(ask("docs/?\n", "docs/é")).toBeUndefined();
    expect(ask("é*\n", "éa")).toBe(true);
  });
});

describe("against the ignore package", () => {
  // Where the two agree (see the core README, "Ignore files", for where they do not and why we
  // follow git): segments without the forms `ignore` reads differently.
  const agreedPart = fc.constantFrom(
    ...["a", "b", "ab", ".a", "a.b", "c", "a b"],
    ...["*", "?", "**", "a*", "*b", "*.b", "a?", "?b"],
    ...["[ab]", "[!a]", "[a-b]", "[[:alpha:]]", "\\a", "\\*"],
  );
  const agreedLine = fc.oneof(
    { weight: 12, arbitrary: patternLine(agreedPart) },
    { weight: 1, arbitrary: fc.constantFrom("", "# comment", "a   ", "\\#a", "\\!a") },
  );
  const agreedName = fc.constantFrom("a", "b", "ab", "ba", "aab", ".a", "a.b", "b.b", "c", "a b");
  const paths = fc.array(agreedName, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/"));

  const where = [
    ["on every folder on the way and on the entry", "", 3000],
    ["for an ignore file in a nested folder, on paths below it", "pkg/sub", 1000],
  ] as const;
  for (const [title, base, numRuns] of where) {
    it(`gives the same verdict ${title}`, () => {
      fc.assert(
        fc.property(fc.array(agreedLine, { minLength: 1, maxLength: 12 }), paths, fc.boolean(), (lines, path, isFolder) => {
          const text = lines.join("\n");
          expect(walkVerdicts(text, base, path, isFolder)).toEqual(ignorePackageVerdicts(text, path, isFolder));
        }),
        { numRuns },
      );
    });
  }

  it("never throws on any line and any path, with or without core.ignorecase", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(ignoreLine, fc.string()), { maxLength: 8 }),
        fc.array(pathName, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        (lines, parts, ignoreCase) => {
          const file = compileIgnoreFile(lines.join("\n"), "", { ignoreCase });
          const verdict = ignoreVerdict(file, parts.join("/"), parts.at(-1) as string, false);
          expect([true, false, undefined]).toContain(verdict);
        },
      ),
    );
  });
});
