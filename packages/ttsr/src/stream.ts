import { isHighSurrogate as isHigh } from "@rulebook/core/text";
import type { RetainedText } from "./locate.js";
import type { MatchEndHandler, ScanState, SetScanner } from "./set-scanner.js";

/**
 * One stream of the current turn: the automaton's state and the tail of its text, kept as the
 * deltas it came in so that feeding a delta never copies what came before.
 */
export interface Stream {
  name: string;
  /** The automaton's state after the text up to `consumed`. */
  state: ScanState;
  /** Absolute offset the automaton has read up to: all the text but a trailing high surrogate. */
  consumed: number;
  /** The kept text, in pieces; `chunks[0]` starts at absolute offset `chunksStart`. */
  chunks: string[];
  chunksStart: number;
  /** The absolute length of the stream. */
  length: number;
  ended: boolean;
}

/** A new, empty stream. */
export function openStream(name: string, scanner: SetScanner): Stream {
  return { name, state: scanner.start(), consumed: 0, chunks: [], chunksStart: 0, length: 0, ended: false };
}

/**
 * Adds a delta and steps the automaton over everything not read yet, except a trailing high
 * surrogate (its pair may come with the next delta) unless the stream is ending. Returns false when
 * the automaton's work budget ran out before the end: the rest stays unread.
 */
export function feedStream(stream: Stream, scanner: SetScanner, delta: string, ending: boolean, onMatchEnd: MatchEndHandler): boolean {
  const unread = stream.length - stream.consumed;
  // Usually nothing or a held-back high surrogate; more only when an earlier read stopped short.
  const before =
    unread === 0 ? "" : unread === 1 ? (stream.chunks[stream.chunks.length - 1] ?? "").slice(-1) : retainedText(stream).text.slice(-unread);
  if (delta.length > 0) {
    stream.chunks.push(delta);
    stream.length += delta.length;
  }
  const input = before + delta;
  const to = !ending && isHigh(input.charCodeAt(input.length - 1)) ? input.length - 1 : input.length;
  const reached = scanner.run(stream, input, 0, to, stream.consumed, onMatchEnd);
  stream.consumed += reached;
  return reached === to;
}

/** The kept text as one string (joining the pieces once, when a match has to be located). */
export function retainedText(stream: Stream): RetainedText {
  if (stream.chunks.length > 1) stream.chunks = [stream.chunks.join("")];
  return { text: stream.chunks[0] ?? "", start: stream.chunksStart };
}

/** Drops text that no future match start can need, keeping `keep` code units before `consumed`. */
export function trimStream(stream: Stream, keep: number): void {
  const excess = stream.consumed - keep - stream.chunksStart;
  // Trimming only when the excess is as large as what is kept makes the copying amortised O(1).
  if (excess <= keep) return;
  const { text } = retainedText(stream);
  stream.chunks = [text.slice(excess)];
  stream.chunksStart += excess;
}

/**
 * Rebuilds the state of a stream for a new automaton (after rules changed) by reading its kept
 * text again; matches that ended before now are not reported.
 */
export function rescanStream(stream: Stream, scanner: SetScanner): void {
  const { text, start } = retainedText(stream);
  const until = stream.consumed - start;
  if (start === 0) {
    stream.state = scanner.start();
    scanner.run(stream, text, 0, until, start, undefined, false);
    return;
  }
  // The first kept character stands in for what came before: a word character, a newline or other.
  const first = text.codePointAt(0) ?? 0;
  stream.state = scanner.start(first);
  scanner.run(stream, text, first > 0xffff ? 2 : 1, until, start, undefined, false);
}
