import type { UserConfig } from "vitest/config";

/** The vitest settings every Rulebook package tests with; `test` adds package-specific settings. */
export function packageTests(test?: UserConfig["test"]): UserConfig;
