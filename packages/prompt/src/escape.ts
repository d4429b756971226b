import { escapeMarkup, stripHiddenCharacters, tagNeutralizer } from "@rulebook/core/text";

// Every character a renderer or a model may read as the end of a line (docs/behaviour.md#safety).
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/g;
const LINE_BREAK_RUN = /\s*[\n\r\v\f\u0085\u2028\u2029][\s\u0085\u2028\u2029]*/g;

/**
 * Makes rule text safe inside a tag or an attribute value: hidden characters removed,
 * then `& < > "` escaped (the core's `escapeMarkup`), so it cannot close the tag or open a
 * new one. Line breaks stay. Bodies use {@link escapeContent} instead.
 */
export function escapeXml(text: string): string {
  return escapeMarkup(stripHiddenCharacters(text));
}

// The prompt's own delimiters of a rule's body, opening or closing, in any case (docs/behaviour.md#the-system-prompt).
const neutralizeDelimiters = tagNeutralizer(["instructions", "attached-rule"]);

/**
 * Makes a rule's text safe as the body of an `<instructions>` or `<attached-rule>` block: hidden
 * characters removed, and only a sequence that would open or close one of those delimiters gets
 * its `<` written `&lt;` (`&lt;/instructions>`), visibly; everything else reaches the model as
 * the person wrote it, so `cd src && npx vitest` and `bun run <script>` stay shell commands and
 * the prompt says what `rule://` says.
 */
export function escapeContent(text: string): string {
  return neutralizeDelimiters(stripHiddenCharacters(text));
}

/**
 * For values that must stay exact and on one line (names, globs, file paths, folders):
 * {@link escapeXml}, then every line break as a character reference (`\n` → `&#10;`), so a
 * file name or glob cannot start a line of its own, e.g. a fake `# Rules` heading.
 */
export function escapeInline(text: string): string {
  return escapeXml(text).replace(LINE_BREAK, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * For prose that must stay on one line (descriptions): {@link escapeXml}, then each run of
 * white space holding a line break collapsed to one space, which reads as the author meant.
 */
export function escapeProse(text: string): string {
  return escapeXml(text).replace(LINE_BREAK_RUN, " ");
}
