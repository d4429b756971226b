export { type Rulebook, createRulebook } from "./create-rulebook.js";
export { DEFAULT_MAX_REWINDS, type Holdback, type RulebookOptions, type RulesChanged } from "./options.js";
export type { RulebookSession } from "./load-session.js";
export { FILE_ARGUMENT_KEYS, MAX_FILES_IN_PLAY } from "./files-in-play.js";
export { type ReadRuleInput, createReadRuleTool, readRule } from "./read-rule-tool.js";
export type { FiringAction, FiringReport, PassReason, RewindReport, RulebookMetadata } from "./rewind-report.js";
export { PROVIDER_KEY } from "./provider-key.js";
export { CONTINUE_SENTENCE } from "./retry-prompt.js";
