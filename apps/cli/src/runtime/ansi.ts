/** Minimal ANSI styling; every function returns its input unchanged when colours are off. */
export interface Colors {
  enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  cyan(text: string): string;
  magenta(text: string): string;
}

/**
 * Colours only for a terminal, and never when `NO_COLOR` is set (any value, even empty:
 * the user asked for none).
 */
export function shouldUseColor(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  return stream.isTTY === true && env.NO_COLOR === undefined;
}

/** Builds the styling functions, as no-ops when `enabled` is false. */
export function createColors(enabled: boolean): Colors {
  const style = (open: number, close: number) => (enabled ? (text: string) => `\u001b[${open}m${text}\u001b[${close}m` : (text: string) => text);
  return {
    enabled,
    bold: style(1, 22),
    dim: style(2, 22),
    red: style(31, 39),
    yellow: style(33, 39),
    green: style(32, 39),
    cyan: style(36, 39),
    magenta: style(35, 39),
  };
}
