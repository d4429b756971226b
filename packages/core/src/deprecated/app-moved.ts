// Text helpers `@rulebook/core` exported before they got their own entry (0.2), kept for one
// minor so apps keep building.
import * as text from "../text.js";

/** @deprecated Moved to `@rulebook/core/text`. */
export type HiddenCharacter = text.HiddenCharacter;
/** @deprecated Moved to `@rulebook/core/text`. */
export type HiddenKind = text.HiddenKind;
/** @deprecated Moved to `@rulebook/core/text`. */
export type HiddenRun = text.HiddenRun;
/** @deprecated Moved to `@rulebook/core/text`. */
export type HiddenRunScan = text.HiddenRunScan;
/** @deprecated Moved to `@rulebook/core/text`. */
export const findHiddenCharacters = text.findHiddenCharacters;
/** @deprecated Moved to `@rulebook/core/text`. */
export const findHiddenRuns = text.findHiddenRuns;
/** @deprecated Moved to `@rulebook/core/text`. */
export const hasHiddenCharacters = text.hasHiddenCharacters;
/** @deprecated Moved to `@rulebook/core/text`. */
export const stripHiddenCharacters = text.stripHiddenCharacters;
/** @deprecated Moved to `@rulebook/core/text`. */
export type HiddenField = text.HiddenField;
/** @deprecated Moved to `@rulebook/core/text`. */
export type HiddenWhere = text.HiddenWhere;
/** @deprecated Moved to `@rulebook/core/text`. */
export const checkHiddenInField = text.checkHiddenInField;
/** @deprecated Moved to `@rulebook/core/text`. */
export const hiddenCharacterDiagnostics = text.hiddenCharacterDiagnostics;
/** @deprecated Moved to `@rulebook/core/text`. */
export type NamedFile = text.NamedFile;
/** @deprecated Moved to `@rulebook/core/text`. */
export const nameTwinDiagnostics = text.nameTwinDiagnostics;
/** @deprecated Moved to `@rulebook/core/text`. */
export const normalizeRuleName = text.normalizeRuleName;
/** @deprecated Moved to `@rulebook/core/text`. */
export const cutText = text.cutText;
/** @deprecated Moved to `@rulebook/core/text`. */
export const isHighSurrogate = text.isHighSurrogate;
/** @deprecated Moved to `@rulebook/core/text`. */
export const isLowSurrogate = text.isLowSurrogate;
/** @deprecated Moved to `@rulebook/core/text`. */
export const shortenText = text.shortenText;
/** @deprecated Moved to `@rulebook/core/text`. */
export const MAX_QUOTED_PATTERN = text.MAX_QUOTED_PATTERN;
/** @deprecated Moved to `@rulebook/core/text`. */
export const quotePattern = text.quotePattern;
/** @deprecated Moved to `@rulebook/core/text`. */
export const describeValue = text.describeValue;
/** @deprecated Moved to `@rulebook/core/text`. */
export const errorLine = text.errorLine;
/** @deprecated Moved to `@rulebook/core/text`. */
export const errorText = text.errorText;
