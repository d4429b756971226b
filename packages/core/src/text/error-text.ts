/** The message of a thrown value, for a diagnostic; never throws, whatever was thrown. */
export function errorText(error: unknown): string {
  try {
    if (error instanceof Error) return error.message;
    return String(error);
  } catch {
    return "an error that cannot be printed";
  }
}

/** The first line of {@link errorText}, trimmed: what a one-line report quotes. */
export function errorLine(error: unknown): string {
  return (errorText(error).split("\n")[0] ?? "").trim();
}
