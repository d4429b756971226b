import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { exports: Record<string, string | { default: string }> };

/** Each entry point of the package (`.`, `./provider` …) with the source module its `dist` file is built from. */
const entries = Object.entries(manifest.exports)
  .filter(([, target]) => typeof target === "object")
  .map(([entry, target]) => ({
    entry,
    list: `${entry === "." ? "index" : entry.slice(2).replace("/", "-")}.txt`,
    source: join(pkg, (target as { default: string }).default.replace(/^\.\/dist\//, "src/").replace(/\.js$/, ".ts")),
  }));

/** The names an entry exports, one line each: `value` or `type`, the name, and `(deprecated)` when its declaration says so. */
function exportedNames(program: ts.Program, file: string): string[] {
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file) as ts.SourceFile) as ts.Symbol;
  return checker
    .getExportsOfModule(module)
    .map((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const kind = target.flags & ts.SymbolFlags.Value ? "value" : "type";
      const deprecated = target.getJsDocTags(checker).some((tag) => tag.name === "deprecated");
      return `${kind} ${symbol.name}${deprecated ? " (deprecated)" : ""}`;
    })
    .sort();
}

describe("the package's entry points", () => {
  const program = ts.createProgram(
    entries.map((e) => e.source),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, strict: true, noEmit: true, skipLibCheck: true },
  );

  // A name added, removed or moved is a change of the published surface: it must be seen in review.
  // After a deliberate change: UPDATE_API=1 pnpm --filter @rulebook/core test src/entry-points.test.ts
  it.each(entries)("$entry exports exactly the names listed in api/$list", ({ list, source }) => {
    const listed = join(pkg, "api", list);
    const actual = `${exportedNames(program, source).join("\n")}\n`;
    if (process.env.UPDATE_API === "1") writeFileSync(listed, actual);
    expect(actual).toBe(readFileSync(listed, "utf8"));
  });

  it("keep the provider specification to what a provider declares: no reader, scanner or writer helper that is not deprecated", () => {
    const provider = exportedNames(program, join(pkg, "src/provider-api.ts")).filter((line) => !line.endsWith("(deprecated)"));
    const helpers = provider.filter((line) => /^value (write|scan|load|parse|serialize|expand|normalize)/.test(line.slice(0)));
    expect(helpers).toEqual([]);
  });
});
