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

/** The first line of an error's message, for messages that name the culprit on one line. */
export function firstLine(error: unknown): string {
  return ((error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "").trim();
}
