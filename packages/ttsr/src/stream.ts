import { isHigh, isLow, type RetainedText } from "./locate.js";
import type { ScanState, SetScanner } from "./set-scanner.js";

/** One stream of the current turn: the automaton's state and the tail of its text. */
export interface Stream extends RetainedText {
  name: string;
  /** The automaton's state after the text up to `consumed`. */
  state: ScanState;
  /** Absolute offset the automaton has read up to: the whole text but a trailing high surrogate. */
  consumed: number;
  ended: boolean;
}

/** Called with the patterns that have a match ending at `end`. */
export type MatchEndHandler = (ids: readonly number[], end: number) => void;

/** A new, empty stream. */
export function openStream(name: string, scanner: SetScanner): Stream {
  return { name, state: scanner.start(), text: "", start: 0, consumed: 0, ended: false };
}

/** The absolute length of the stream so far. */
export function streamLength(stream: Stream): number {
  return stream.start + stream.text.length;
}

/**
 * Steps the automaton over the stream's text from `consumed` to `upTo`, one code point at a time,
 * reporting every position where a match ends. A surrogate pair is one code point; a lone surrogate
 * is stepped as itself.
 */
export function advanceStream(stream: Stream, scanner: SetScanner, upTo: number, onMatchEnd?: MatchEndHandler): void {
  const { text, start } = stream;
  const stop = upTo - start;
  let state = stream.state;
  let i = stream.consumed - start;
  while (i < stop) {
    let codePoint = text.charCodeAt(i);
    let width = 1;
    if (isHigh(codePoint) && i + 1 < stop && isLow(text.charCodeAt(i + 1))) {
      codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00);
      width = 2;
    }
    state = scanner.step(state, codePoint);
    if (state.isMatch && onMatchEnd) onMatchEnd(state.matchIDs, start + i);
    i += width;
  }
  stream.state = state;
  stream.consumed = upTo;
}

/** Where the automaton may read up to now: everything but a trailing high surrogate, whose pair may follow. */
export function readableEnd(stream: Stream): number {
  const length = streamLength(stream);
  return isHigh(stream.text.charCodeAt(stream.text.length - 1)) ? length - 1 : length;
}

/** Drops text that no future match start can need, keeping `keep` code units before `consumed`. */
export function trimStream(stream: Stream, keep: number): void {
  const excess = stream.consumed - keep - stream.start;
  // Trimming only when the excess is as large as what is kept makes the copying amortised O(1).
  if (excess > keep) {
    stream.text = stream.text.slice(excess);
    stream.start += excess;
  }
}

/**
 * Rebuilds the state of a stream for a new automaton (after rules changed) by reading its retained
 * text again; matches that ended before now are not reported.
 */
export function rescanStream(stream: Stream, scanner: SetScanner): void {
  const consumed = stream.consumed;
  if (stream.start === 0) {
    stream.state = scanner.start();
    stream.consumed = 0;
  } else {
    // The first retained character is the context: whether it is a word character or a newline.
    const width = isHigh(stream.text.charCodeAt(0)) && isLow(stream.text.charCodeAt(1)) ? 2 : 1;
    stream.state = scanner.start(stream.text.codePointAt(0));
    stream.consumed = stream.start + width;
  }
  advanceStream(stream, scanner, consumed);
}
