import { fileURLToPath } from "node:url";

/** Absolute path of `test/fixtures/<scenario>`. */
export function fixture(scenario: string): string {
  return fileURLToPath(new URL(`./fixtures/${scenario}`, import.meta.url));
}
