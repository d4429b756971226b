/** What a {@link ConfigError} is about: the configuration itself, or a provider it lists. */
export type ConfigErrorCode = "config" | "provider" | "trust";

/**
 * A configuration that cannot be used (a file that cannot be read, a wrong key, two files, a
 * provider that cannot be loaded): the message names the file or the package and what is wrong.
 */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(
    readonly code: ConfigErrorCode,
    message: string,
  ) {
    super(message);
  }
}
