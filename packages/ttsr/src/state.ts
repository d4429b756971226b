import type { TtsrState } from "./types.js";

/**
 * Checks a state given to `restoreState` (typically read back from disk) and returns it; a malformed
 * one is a programming error in the host, so it throws a TypeError that says what is wrong.
 */
export function parseTtsrState(state: unknown): TtsrState {
  const fail = (what: string): never => {
    throw new TypeError(`@rulebook/ttsr: not a TtsrState (${what})`);
  };
  if (typeof state !== "object" || state === null) return fail("not an object");
  const { version, turn, fired } = state as Partial<TtsrState>;
  if (version !== 1) fail(`version ${JSON.stringify(version)}, expected 1`);
  if (!isTurn(turn)) return fail(`turn ${JSON.stringify(turn)}`);
  if (!Array.isArray(fired)) return fail("fired is not a list");
  for (const entry of fired as unknown[]) {
    const { rule, turn: firedTurn } = (entry ?? {}) as Partial<TtsrState["fired"][number]>;
    if (typeof rule !== "string" || !isTurn(firedTurn) || firedTurn > turn) fail(`fired entry ${JSON.stringify(entry)}`);
  }
  return { version: 1, turn, fired: fired.map(({ rule, turn: firedTurn }) => ({ rule, turn: firedTurn })) };
}

function isTurn(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}
