import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const house = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Every source module (not a test, a bench or a fixture) under the `src` folder of each package and app. */
function sourceModules(): string[] {
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "fixtures") visit(path);
      } else if (/\.(ts|mts|tsx)$/.test(entry.name) && !/\.(test|bench|arbitraries)\.ts$/.test(entry.name)) {
        found.push(path);
      }
    }
  };
  for (const group of ["packages", "apps"]) {
    for (const pkg of readdirSync(join(house, group))) {
      const src = join(house, group, pkg, "src");
      if (existsSync(src)) visit(src);
    }
  }
  return found;
}

/** The relative imports (type-only and dynamic ones too) of each module, as house-relative paths. */
function importGraph(modules: string[]): Map<string, string[]> {
  const known = new Set(modules);
  const graph = new Map<string, string[]>();
  for (const module of modules) {
    const text = readFileSync(module, "utf8");
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)\.js["']/g)]
      .map((m) => resolve(dirname(module), `${m[1]}.ts`))
      .filter((target) => known.has(target));
    graph.set(relative(house, module), [...new Set(targets.map((t) => relative(house, t)))]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one module (or a module importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = stack.splice(stack.indexOf(v));
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}

describe("the house's modules", () => {
  it("import each other without a circle in any package or app, so each can be read after what it needs", () => {
    const modules = sourceModules();
    expect(modules.length).toBeGreaterThan(100);
    expect(circles(importGraph(modules))).toEqual([]);
  });

  it("are checked by a detector that finds a circle when there is one", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
  });
});
