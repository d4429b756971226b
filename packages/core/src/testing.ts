export { type ContractFile, GOOD_FILES, HOSTILE_FILES } from "./testing/contract-files.js";
export { type ContractCheck, type ProviderContractOptions, contractSetup, providerContractChecks } from "./testing/contract-checks.js";
export { type ContractCheckResult, checkProviderContract } from "./testing/check-contract.js";
export { type ContractSetup, type ContractTarget, remappedFs } from "./testing/contract-setup.js";
export { sourcesSetup } from "./testing/contract-sources.js";
export {
  type FixtureContent,
  type FixtureRoot,
  type FolderFixture,
  type SymlinkFixture,
  type TempProject,
  type TempProjectOptions,
  type UnreadableFixture,
  type WriteRulesOptions,
  createTempProject,
  writeRules,
} from "./testing/temp-project.js";
export { loadProvider, memoryFs, unreadableFs } from "./testing/test-fs.js";
export { type TreeEntry, tempTree } from "./testing/temp-tree.js";
export { fixturesAt } from "./testing/fixtures-at.js";
export { type RoundTripResult, type RoundTripVerdict, checkExportRoundTrip } from "./testing/export-round-trip.js";
export { type JudgeOptions, differingField, judgeReadBack, markersInText, widening } from "./testing/export-judge.js";
export { EXPORT_SAMPLE_RULES } from "./testing/export-samples.js";
