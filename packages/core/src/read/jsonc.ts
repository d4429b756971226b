/** What {@link parseJsonc} gives: the value, or the problem and the line it is on (1-based). */
export type JsoncResult = { value: unknown } | { problem: string; line: number };

/**
 * Parses JSON with comments (`//`, `/* *\/`) and trailing commas, as OpenCode and VS Code read
 * their `.json` and `.jsonc` files; never throws. Comments and trailing commas are blanked
 * (newlines kept), so `JSON.parse` reports positions in the text as written; a problem carries
 * the line of that position. Linear in the text.
 */
export function parseJsonc(text: string): JsoncResult {
  const plain = blankCommentsAndTrailingCommas(text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text);
  try {
    return { value: JSON.parse(plain) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) : text.length;
    return {
      problem: `not valid JSON: ${message.replace(/ in JSON at position \d+.*$/, "").replace(/^JSON\.parse: /, "")}`,
      line: lineAt(text, offset),
    };
  }
}

/** The 1-based line of `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function blankCommentsAndTrailingCommas(text: string): string {
  const out = text.split("");
  let i = 0;
  // The last `,` outside strings and comments, kept until what follows shows whether it trails.
  let comma = -1;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      comma = -1;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      i++;
    } else if (c === "/" && text[i + 1] === "/") {
      for (; i < text.length && text[i] !== "\n"; i++) out[i] = " ";
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? text.length : end + 2;
      for (; i < stop; i++) if (text[i] !== "\n") out[i] = " ";
    } else {
      if (c === ",") comma = i;
      else if ((c === "}" || c === "]") && comma !== -1) {
        out[comma] = " ";
        comma = -1;
      } else if (c !== " " && c !== "\t" && c !== "\n" && c !== "\r") comma = -1;
      i++;
    }
  }
  return out.join("");
}
