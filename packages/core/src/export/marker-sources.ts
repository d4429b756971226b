// A path is written bare when it holds only these characters, else as a JSON string.
const BARE = /^[A-Za-z0-9_./@+~=-]+$/;

// Characters a quoted path writes as escapes: control, format and separator characters keep
// the marker one visible line, and `>` can never close the HTML comment it sits in.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes.
const ESCAPE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb>]/g;

/** Source paths as a marker names them: `a.md, "with space.md"` (bare when plain, else a JSON string). */
export function formatMarkerSources(sources: readonly string[]): string {
  return sources
    .map((source) =>
      BARE.test(source) ? source : JSON.stringify(source).replace(ESCAPE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
    )
    .join(", ");
}

/**
 * The paths of a marker's source list (what {@link formatMarkerSources} wrote, then `;` and
 * the advice), or `undefined` when it is not such a list.
 */
export function parseMarkerSources(text: string): string[] | undefined {
  const sources: string[] = [];
  let i = 0;
  for (;;) {
    let source: string;
    if (text[i] === '"') {
      const end = closingQuote(text, i);
      if (end === -1) return undefined;
      try {
        source = JSON.parse(text.slice(i, end + 1)) as string;
      } catch {
        return undefined;
      }
      i = end + 1;
    } else {
      const match = /^[^,;\s]+/.exec(text.slice(i));
      if (!match) return undefined;
      source = match[0];
      i += source.length;
    }
    sources.push(source);
    if (text.startsWith(", ", i)) i += 2;
    else if (text[i] === ";" || i === text.length) return sources;
    else return undefined;
  }
}

/** The index of the quote closing the JSON string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}
