#!/usr/bin/env node
// `changeset publish` (the root `release` script) asking the registry pnpm publishes to.
// changesets reads the registry from the npm_config_registry variable only, while pnpm 12
// publishes to the one its configuration (.npmrc) names and ignores that variable: with a
// registry set in .npmrc (a local Verdaccio, a company registry), changesets asked
// registry.npmjs.org which versions exist and whether a one-time password is needed, and printed
// the 403 it got as an error. Here the variable is set to pnpm's own registry first.
import { execFileSync, spawnSync } from "node:child_process";

const registry = execFileSync("pnpm", ["config", "get", "registry"], { encoding: "utf8" }).trim();
const result = spawnSync("changeset", ["publish", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, npm_config_registry: registry },
});
if (result.error) throw result.error;
process.exit(result.status ?? 1);
