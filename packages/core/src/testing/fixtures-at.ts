import { fileURLToPath } from "node:url";

/**
 * The absolute path of each on-disk fixture scenario (`<folder>/<scenario>`, holding `proj/`
 * and `home/`) under a package's fixture folder: `const fixture = fixturesAt(new
 * URL("../test/fixtures/", import.meta.url))`, then `fixture("monorepo")`.
 */
export function fixturesAt(folder: URL): (scenario: string) => string {
  return (scenario) => fileURLToPath(new URL(`./${scenario}`, folder));
}
