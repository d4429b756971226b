import type { Provider } from "../provider/provider.js";
import type { ContractSetup } from "./contract-setup.js";
import {
  type DiskCheckSubject,
  checkEmptyProject,
  checkFindsPlacedRules,
  checkHostileFiles,
  checkLevels,
  checkMissingFolders,
  checkReadsThroughFs,
  checkStableOrder,
} from "./contract-disk-checks.js";
import { checkNames, checkPriority, checkWellFormed } from "./contract-shape-checks.js";
import { sourcesSetup } from "./contract-sources.js";
import { checkWriteSide } from "./export-contract.js";

/** Options of the provider contract suite. */
export interface ProviderContractOptions {
  /**
   * Places the suite's rule files where the provider looks, in the temp project and in the
   * temp home. Without it, the files go where the provider's own `sources()` say; a provider
   * with neither has its on-disk checks skipped.
   */
  setup?: ContractSetup;
  /** Diagnostic codes the provider may emit without a `path` (say, a configuration warning). */
  pathlessCodes?: readonly string[];
}

/** One check of the contract: a name, and a run that resolves to the problems found (none = pass). */
export interface ContractCheck {
  name: string;
  /** True when the check needs files placed on disk (a setup, or the provider's `sources()`). */
  needsSetup: boolean;
  run(): Promise<string[]>;
}

const SHAPE_CHECKS: ReadonlyArray<[string, (provider: Provider) => string[]]> = [
  ["is a well-formed provider", checkWellFormed],
  ["has a finite priority", checkPriority],
  ["has a lower-case id and a display name", checkNames],
];

const DISK_CHECKS: ReadonlyArray<[string, (subject: DiskCheckSubject) => Promise<string[]>, boolean]> = [
  ["finds nothing and reports nothing in an empty project and home", checkEmptyProject, false],
  ["resolves when cwd and home do not exist", checkMissingFolders, false],
  ["finds every rule its setup places, each with its id, an absolute path and a name", checkFindsPlacedRules, true],
  ["gives each rule the level of the folder it comes from", checkLevels, true],
  ["never throws on hostile files, and reports each one with its path", checkHostileFiles, true],
  ["returns the same order on every load, whatever order the files were written in", checkStableOrder, true],
  ["reads files through ctx.fs", checkReadsThroughFs, true],
];

/** The checks a provider must pass (see `runProviderContract`), usable with any test runner. */
export function providerContractChecks(provider: Provider, options: ProviderContractOptions = {}): ContractCheck[] {
  const subject: DiskCheckSubject = {
    provider,
    setup: contractSetup(provider, options) ?? (() => undefined),
    pathless: new Set(options.pathlessCodes ?? []),
  };
  return [
    ...SHAPE_CHECKS.map(([name, check]): ContractCheck => ({ name, needsSetup: false, run: async () => check(provider) })),
    ...DISK_CHECKS.map(([name, check, needsSetup]): ContractCheck => ({ name, needsSetup, run: () => check(subject) })),
    ...(typeof provider?.write === "function"
      ? [{ name: "reads back every rule it writes, or reports what it cannot express", needsSetup: false, run: () => checkWriteSide(provider) }]
      : []),
  ];
}

/** The setup the suite uses: the provider's own, else one read from its `sources()`. */
export function contractSetup(provider: Provider, options: ProviderContractOptions): ContractSetup | undefined {
  if (options.setup) return options.setup;
  return typeof provider?.sources === "function" ? sourcesSetup(provider) : undefined;
}
