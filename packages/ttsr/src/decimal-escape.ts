/** Why `\1`, `\8`, `\12` or `\01` at `at` (the backslash) is refused: what JavaScript reads there. */
export function decimalEscapeReason(source: string, at: number): string {
  const digits = /^[0-9]+/.exec(source.slice(at + 1))?.[0] ?? "";
  const written = `\\${digits}`;
  if (digits[0] !== "0" && Number(digits) <= countCapturingGroups(source)) {
    return `uses a backreference (${written}), which the linear-time engine does not support`;
  }
  if (digits[0] === "8" || digits[0] === "9") {
    return `uses \\${digits[0]}, which is not a backreference (the pattern has no group ${digits}): JavaScript reads it as the digit ${digits[0]}; remove the backslash`;
  }
  // Annex B reads up to three octal digits when the first is 0-3, two otherwise (at most \377).
  const octal = (digits[0] ?? "0") <= "3" ? /^[0-7]{1,3}/.exec(digits)?.[0] : /^[0-7]{1,2}/.exec(digits)?.[0];
  const code = Number.parseInt(octal ?? "0", 8);
  return `uses the legacy octal escape ${written} (JavaScript reads it as the character U+${code.toString(16).toUpperCase().padStart(4, "0")}), which trigger patterns do not accept; write \\x${code.toString(16).padStart(2, "0")} instead`;
}

// Capturing groups: `(` not followed by `?`, or `(?<name>`, outside character classes and escapes.
function countCapturingGroups(source: string): number {
  let count = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(" && (source[i + 1] !== "?" || (source[i + 2] === "<" && source[i + 3] !== "=" && source[i + 3] !== "!"))) count++;
  }
  return count;
}
