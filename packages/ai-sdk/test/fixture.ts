// The on-disk projects of test/fixtures/<scenario>/{proj,home}, loaded as an agent would load them.
import { cp, mkdtemp, realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Rulebook, type RulebookOptions, createRulebook } from "../src/index.js";

/** The project and home folders of a scenario. */
export function fixture(scenario: string): { proj: string; home: string } {
  const base = fileURLToPath(new URL(`./fixtures/${scenario}/`, import.meta.url));
  return { proj: join(base, "proj"), home: join(base, "home") };
}

/** A copy of a scenario in a temporary folder, for tests that write or whose project may run code. */
export async function fixtureCopy(scenario: string): Promise<{ proj: string; home: string; dir: string }> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), `rulebook-ai-sdk-${scenario}-`)));
  await cp(fileURLToPath(new URL(`./fixtures/${scenario}/`, import.meta.url)), dir, { recursive: true });
  return { proj: join(dir, "proj"), home: join(dir, "home"), dir };
}

/** A rulebook for a scenario's project (its root given, an empty environment: nothing is trusted). */
export function rulebookFor(scenario: string, options: Partial<RulebookOptions> = {}): Promise<Rulebook> {
  const { proj, home } = fixture(scenario);
  return createRulebook({ cwd: proj, root: proj, home, env: {}, ...options });
}
