import type { Output } from "./io.js";

// C0 controls but tab and line feed, DEL, and C1 controls: the bytes that start or make
// up terminal control sequences (colours, cursor moves, title changes, hyperlinks).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Replaces control characters (not tab or line feed) with visible `\u{1B}` escapes. */
export function neutralizeControls(text: string): string {
  return text.replace(CONTROLS, (c) => `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`);
}

/**
 * Rule text as it may be written to `output`: on a terminal its control sequences are
 * made visible so a rule file cannot drive the terminal; into a pipe or a file it goes
 * byte for byte, since a program reading it wants the real content.
 */
export function terminalText(text: string, output: Output): string {
  return output.isTTY ? neutralizeControls(text) : text;
}
