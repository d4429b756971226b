import { ConfigError } from "@rulebook/config";
import { CliError } from "./cli-error.js";

export { CONFIG_FILES, type LoadedConfig, type RulebookConfig, type SkippedItem } from "@rulebook/config";

/**
 * Runs `work`, turning a {@link ConfigError} from `@rulebook/config` (a bad configuration, a
 * provider that cannot be loaded, a trust list that cannot be written) into the app's one-line
 * {@link CliError} with the same code.
 */
export async function asCliError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.code, error.message);
    throw error;
  }
}
