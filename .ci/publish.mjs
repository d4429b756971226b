#!/usr/bin/env node
// `changeset publish` (the root `release` script) against the registry npm publishes to.
// changesets reads the registry only from the npm_config_registry variable: with a registry set
// in .npmrc instead (a local Verdaccio, a company registry), it asked registry.npmjs.org whether
// each version exists and whether publishing needs a one-time password, and printed the 403 it
// got as an error. Here the variable is set from npm's own configuration first.
import { execFileSync, spawnSync } from "node:child_process";

const registry = process.env.npm_config_registry || execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).trim();
const result = spawnSync("changeset", ["publish", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, npm_config_registry: registry },
});
if (result.error) throw result.error;
process.exit(result.status ?? 1);
