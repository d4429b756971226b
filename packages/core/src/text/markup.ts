// The two ways rule text is made safe inside the tags a prompt or a reminder wraps it in
// (docs/behaviour.md#the-system-prompt). One place, so the prompt, the trigger reminders and
// whatever comes next defuse markup alike.

const MARKUP_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * `& < > "` as entities, so the text cannot end a tag or an attribute value, nor open a tag.
 * For names, globs and paths inside attributes or one-line fields; not for bodies, which a
 * model should read as written (see {@link tagNeutralizer}).
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"]/g, (c) => MARKUP_ESCAPES[c] ?? c);
}

/**
 * A function that defuses only the given tags in a body: each `<tag` or `</tag` (any case, white
 * space after the slash) gets its `<` written `&lt;`, visibly; every other character, `&&` and
 * `<script>` included, stays as the person wrote it.
 */
export function tagNeutralizer(tags: readonly string[]): (text: string) => string {
  const names = tags.map((t) => t.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&")).join("|");
  const pattern = new RegExp(`<(\\/?\\s*(?:${names})\\b)`, "gi");
  return (text) => text.replace(pattern, "&lt;$1");
}
