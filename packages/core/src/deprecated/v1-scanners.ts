// The v1 scanners and loaders, deprecated: a provider that declares `sources` has the core do this.
import * as scan from "../sources/scan.js";
import * as ruleFile from "../read/rule-file.js";

/** @deprecated Declare a `folder` source; the core scans it. */
export type ScanOptions = scan.ScanOptions;
/** @deprecated Declare a `folder` source; the core scans it. */
export type ScanResult = scan.ScanResult;
/** @deprecated Declare a `folder` source; the core scans it. */
export const scanRuleFolder = scan.scanRuleFolder;
/** @deprecated Declare sources; the core joins paths. */
export const joinPath = scan.joinPath;
/** @deprecated Declare a `file` or `folder` source; the core reads it. */
export type RuleFileOptions = ruleFile.RuleFileOptions;
/** @deprecated Declare a `file` or `folder` source; the core reads it. */
export type RuleFileResult = ruleFile.RuleFileResult;
/** @deprecated Declare a `file` source; the core reads it. */
export const loadRuleFile = ruleFile.loadRuleFile;
/** @deprecated Declare a `file` source; the core reads it and says nothing when it is missing. */
export const loadOptionalRuleFile = ruleFile.loadOptionalRuleFile;
/** @deprecated Declare a `folder` source; the core reads it. */
export const loadRuleFolder = ruleFile.loadRuleFolder;
/** @deprecated Declare a source; the core parses what it reads. */
export const parseRuleFile = ruleFile.parseRuleFile;
