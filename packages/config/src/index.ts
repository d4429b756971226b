export { ConfigError, type ConfigErrorCode } from "./config-error.js";
export { type RulebookConfig, checkConfig } from "./check-config.js";
export {
  CODE_CONFIG_FILES,
  CONFIG_FILES,
  type RefusedConfigFile,
  findConfigFile,
  isCodeConfig,
  parseConfigText,
  readConfigFile,
  searchConfigFile,
} from "./config-files.js";
export { MAX_CONFIG_BYTES, type SmallFile, readSmallFile } from "./safe-read.js";
export {
  type LoadedConfig,
  type ProjectConfig,
  type ProjectTrustOptions,
  type SkippedItem,
  loadProjectConfig,
  shellWord,
  trustHint,
} from "./project-config.js";
export { type LoadedProject, loadProject } from "./load-project.js";
export { type LoadRulesOptions, type LoadedRules, type ProjectRules, loadRules } from "./load-rules.js";
export { type BundledProvider, type LoadProvidersOptions, type PluginHost, type ProviderOrigin, loadProviders } from "./providers.js";
export {
  type Env,
  TRUST_ENV,
  type TrustDecision,
  type TrustList,
  type TrustListLocation,
  type TrustOptions,
  type TrustReason,
  decideTrust,
  isTrusted,
  readTrustList,
  trustListPath,
  trustProject,
  untrustProject,
} from "./trust.js";
