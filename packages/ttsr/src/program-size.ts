import type { RegexNode } from "./regex-ast.js";

/**
 * The number of automaton instructions the tree compiles to (at most; see `compileNfa`): one per
 * character set or assertion, one per alternative or optional repeat, and a counted repeat copies its body.
 * Computed on the tree, so an oversized pattern is refused before anything is compiled.
 */
export function estimateProgramSize(node: RegexNode): number {
  switch (node.kind) {
    case "empty":
    case "set":
    case "assert":
      return 1;
    case "concat":
      return node.items.reduce((sum, item) => sum + estimateProgramSize(item), 0);
    case "alt":
      return node.items.reduce((sum, item) => sum + estimateProgramSize(item), node.items.length - 1);
    case "repeat": {
      const body = estimateProgramSize(node.child);
      // `x{2,5}` is `xx(?:x(?:xx?)?)?`: the required copies, then one optional copy per extra.
      if (node.max === Number.POSITIVE_INFINITY) return (node.min === 0 ? body : node.min * body) + 1;
      return node.min * body + (node.max - node.min) * (body + 1);
    }
  }
}
