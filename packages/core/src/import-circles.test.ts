import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

/** The relative imports (type-only ones too) of every non-test module in `folder`. */
function importGraph(folder: string): Map<string, string[]> {
  const modules = readdirSync(folder).filter((f) => f.endsWith(".ts") && !/\.(test|bench)\.ts$/.test(f));
  const graph = new Map<string, string[]>();
  for (const module of modules) {
    const text = readFileSync(join(folder, module), "utf8");
    const targets = [...text.matchAll(/(?:from|import)\s*\(?\s*["']\.\/([^"']+)\.js["']/g)].map((m) => `${m[1]}.ts`);
    graph.set(module, [...new Set(targets.filter((t) => modules.includes(t)))]);
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

describe("the core's modules", () => {
  it("import each other without a circle, so each can be read (and loaded) after what it needs", () => {
    expect(circles(importGraph(here))).toEqual([]);
    expect(circles(importGraph(join(here, "testing")))).toEqual([]);
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
