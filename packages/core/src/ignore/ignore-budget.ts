import { createDiagnostic } from "../rule/diagnostics.js";
import type { Diagnostic } from "../rule/types.js";

/**
 * What the ignore files of one load may hold in all (docs/behaviour.md#the-project-root-and-the-walk):
 * 2 MiB of text (two files at the 1 MiB cap of one) and 10,000 wildcard patterns (the lines
 * that need an automaton: not a literal name or path, not a plain `*.ext`). Real repositories
 * hold a few KiB and a few dozen wildcards; the bound keeps a hostile one from making every
 * load pay for megabytes of patterns.
 */
export const IGNORE_LIMITS = { maxBytes: 2 * 1024 * 1024, maxWildcards: 10_000 } as const;

/**
 * The ignore budget of one load: each ignore file is applied whole or not at all, in the order
 * the walk meets them (root first); once one does not fit, neither does any after it, and one
 * `ignore-budget` warning names the first file left out and counts the others.
 */
export class IgnoreBudget {
  private bytes = 0;
  private wildcards = 0;
  private readonly skipped: string[] = [];

  constructor(private readonly limits: { maxBytes: number; maxWildcards: number } = IGNORE_LIMITS) {}

  /** True while files are still applied; a caller need not read an ignore file when it is false. */
  get open(): boolean {
    return this.skipped.length === 0;
  }

  /** Takes a file's share before it is compiled: false (and the file is left out) when its text does not fit. */
  admitText(path: string, length: number): boolean {
    if (this.open && this.bytes + length <= this.limits.maxBytes) {
      this.bytes += length;
      return true;
    }
    this.skipped.push(path);
    return false;
  }

  /** True when a file holding `count` wildcards would still fit (nothing is taken). */
  fitsWildcards(count: number): boolean {
    return this.open && this.wildcards + count <= this.limits.maxWildcards;
  }

  /** Takes a compiled file's wildcards: false (and the file is left out) when they do not fit. */
  admitWildcards(path: string, count: number): boolean {
    if (this.open && this.wildcards + count <= this.limits.maxWildcards) {
      this.wildcards += count;
      return true;
    }
    this.skipped.push(path);
    return false;
  }

  /** Notes a file left out without reading it (the budget was spent before it). */
  skip(path: string): undefined {
    this.skipped.push(path);
    return undefined;
  }

  /** The one warning of a load whose ignore files did not all fit, or none. */
  diagnostics(): Diagnostic[] {
    const [first, ...rest] = this.skipped;
    if (first === undefined) return [];
    const left = rest.length === 0 ? "this file is" : `this file and the ${rest.length} ignore file${rest.length === 1 ? "" : "s"} met after it are`;
    const { maxBytes, maxWildcards } = this.limits;
    const message = `the ignore files of this project hold more than ${maxBytes} bytes or ${maxWildcards} wildcard patterns in all; ${left} not applied, so the walk may enter folders git ignores`;
    return [createDiagnostic("ignore-budget", message, { path: first })];
  }
}
