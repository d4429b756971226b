// Text helpers (`@rulebook/core/text`): hidden characters, names, cutting text safely, and
// turning values and errors into the words a diagnostic shows.
export {
  type HiddenCharacter,
  type HiddenKind,
  type HiddenRun,
  type HiddenRunScan,
  findHiddenCharacters,
  findHiddenRuns,
  hasHiddenCharacters,
  stripHiddenCharacters,
} from "./text/hidden-characters.js";
export { type HiddenField, type HiddenWhere, checkHiddenInField, hiddenCharacterDiagnostics } from "./text/hidden-diagnostics.js";
export { type NamedFile, nameTwinDiagnostics, normalizeRuleName } from "./text/unicode-names.js";
export { cutText, isHighSurrogate, isLowSurrogate, shortenText } from "./text/text-cut.js";
export { MAX_QUOTED_PATTERN, quotePattern } from "./text/quote-pattern.js";
export { describeValue } from "./text/describe-value.js";
export { errorLine, errorText } from "./text/error-text.js";
export { escapeMarkup, tagNeutralizer } from "./text/markup.js";
