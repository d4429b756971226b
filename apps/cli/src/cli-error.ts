/** Exit codes: success, a failure the user caused, bad usage (docs/behaviour.md#the-command-line-app). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** The `code` of a `--json` error: what kind of failure it was. */
export type CliErrorCode = "usage" | "location" | "config" | "provider" | "trust" | "unknown-rule" | "bad-input" | "lint-errors" | "output";

/**
 * A failure the app reports as one line (or `{"error": {code, message}}` under `--json`)
 * and an exit code, never as a stack trace.
 */
export class CliError extends Error {
  override name = "CliError";
  constructor(
    readonly code: CliErrorCode,
    message: string,
    readonly exitCode: number = EXIT.failure,
  ) {
    super(message);
  }
}
