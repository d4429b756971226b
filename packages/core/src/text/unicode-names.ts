import { createDiagnostic } from "../rule/diagnostics.js";
import { mayHide, stripHiddenCharacters } from "./hidden-characters.js";
import { showHidden } from "./hidden-diagnostics.js";
import type { Diagnostic } from "../rule/types.js";

/** A rule name with the file it came from, as {@link nameTwinDiagnostics} reads it. */
export interface NamedFile {
  name: string;
  path: string;
  provider?: string;
}

/**
 * The identity of a rule name: hidden characters removed, then Unicode NFC. Names that
 * read the same are one rule (docs/text.md): `café` typed on a keyboard (NFC) reaches a
 * file saved as NFD, and `secu\u200Brity` is `security`.
 */
export function normalizeRuleName(name: string): string {
  // ASCII holds no hidden character and is its own NFC.
  if (isAscii(name)) return name;
  const visible = stripHiddenCharacters(name);
  return isAscii(visible) ? visible : visible.normalize("NFC");
}

/**
 * Warns about names written differently that read the same (NFC and NFD spellings, or
 * hidden characters): one `name-twin` warning per later file, naming the earlier one.
 * `files` is in precedence order; identical spellings are plain shadowing, not twins.
 */
export function nameTwinDiagnostics(files: readonly NamedFile[]): Diagnostic[] {
  const firstByName = new Map<string, NamedFile>();
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    const key = normalizeRuleName(file.name);
    const first = firstByName.get(key);
    if (first === undefined) {
      firstByName.set(key, file);
      continue;
    }
    if (first.name === file.name) continue;
    const hidden = stripHiddenCharacters(first.name) === stripHiddenCharacters(file.name);
    const [mine, theirs] = hidden ? ["", ""] : [` (${form(file.name)})`, ` (${form(first.name)})`];
    const how = hidden ? "invisible characters" : "Unicode normalisation";
    const message = `rule name "${showHidden(file.name)}"${mine} reads the same as "${showHidden(first.name)}"${theirs} of ${first.path}; they differ only in ${how} and are one rule named "${key}"`;
    diagnostics.push(createDiagnostic("name-twin", message, { path: file.path, provider: file.provider }));
  }
  return diagnostics;
}

function form(name: string): string {
  if (isAscii(name)) return "ASCII";
  const nfc = name.normalize("NFC") === name;
  const nfd = name.normalize("NFD") === name;
  return nfc && nfd ? "NFC and NFD alike" : nfc ? "NFC" : nfd ? "NFD" : "neither NFC nor NFD";
}

function isAscii(text: string): boolean {
  return !mayHide(text);
}
