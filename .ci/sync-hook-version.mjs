#!/usr/bin/env node
// Runs after `changeset version` (the root `version-packages` script): the pre-commit hooks
// (.pre-commit-hooks.yaml) install the CLI of the release they are tagged with, so their
// `@rulebook/cli@<version>` follows the CLI's new version.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const { version } = JSON.parse(readFileSync(`${root}apps/cli/package.json`, "utf8"));
const path = `${root}.pre-commit-hooks.yaml`;
const before = readFileSync(path, "utf8");
const after = before.replace(/"@rulebook\/cli@[^"]*"/g, `"@rulebook/cli@${version}"`);
if (after !== before) writeFileSync(path, after);
console.log(`.pre-commit-hooks.yaml: @rulebook/cli@${version}`);
