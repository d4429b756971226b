export { type RuleLoader, type RulesChange, type RulesWatcher, type WatchRulesOptions, watchRules } from "./watch-rules.js";
export { type LoadDiff, diffLoads } from "./diff-loads.js";
