import type { Options } from "tsup";

/** The one tsup setup every Rulebook package builds with: ESM for Node 20, with declarations. */
export declare function packageBuild(entry?: string[], overrides?: Options): Options;
