import { expandBraces } from "./glob-braces.js";
import { type Segment, parsePattern } from "./glob-compile.js";
import { matchSegment } from "./glob-segment.js";

/**
 * Where the walk stands in every pattern at once, for one folder: which pattern segments the
 * folder's entries are matched against next. Shared by every folder that stands in the same
 * place (most folders of a project stand inside the `**` of every `**\/NAME` pattern).
 */
export interface WalkState {
  /** Positions into the matcher's flattened segments, ascending, none of them an end. */
  readonly positions: readonly number[];
  /** Set once computed: where an entry with a given name leads, per name (small; reset when large). */
  readonly next: Map<string, WalkStep>;
}

/** What one entry of a folder is to the patterns. */
export interface WalkStep {
  /** A file of this name is matched by some pattern. */
  file: boolean;
  /** A folder of this name may hold matches: the state its entries are matched in, or `undefined` when none can match. */
  folder: WalkState | undefined;
}

const END = 0;
const GLOBSTAR = 1;
const NAME = 2;
const TOKENS = 3;

/**
 * The patterns of a walk as one set-of-positions matcher (no backtracking), with picomatch's
 * `dot: false` rules, as tinyglobby applied them: `*`, `?`, `[…]` and `**` never match a name
 * that starts with `.`; only a segment that starts with a literal `.` (`.cursor`) does. Braces
 * are expanded by the core's glob compiler; a pattern whose braces cannot be expanded within
 * its bounds is matched literally.
 */
export class WalkMatcher {
  private readonly kinds: number[] = [];
  private readonly segments: Array<string | Segment> = [];
  private readonly states = new Map<string, WalkState>();
  readonly start: WalkState;

  constructor(patterns: readonly string[]) {
    const starts: number[] = [];
    for (const pattern of patterns) {
      const expansion = expandBraces(pattern);
      for (const alternative of "patterns" in expansion ? expansion.patterns : [pattern]) {
        starts.push(this.kinds.length);
        for (const segment of parsePattern(alternative)) {
          this.kinds.push(segment === "globstar" ? GLOBSTAR : typeof segment === "string" ? NAME : TOKENS);
          this.segments.push(segment);
        }
        this.kinds.push(END);
        this.segments.push("");
      }
    }
    // The root itself is never a match, only what is below it.
    this.start = this.intern(this.close(starts).positions);
  }

  /** Where an entry named `name` of a folder in `state` leads. */
  step(state: WalkState, name: string): WalkStep {
    const known = state.next.get(name);
    if (known) return known;
    const hidden = name.charCodeAt(0) === 46; /* . */
    let chars: ArrayLike<string> | undefined;
    const moved: number[] = [];
    for (const at of state.positions) {
      const kind = this.kinds[at];
      if (kind === GLOBSTAR) {
        if (!hidden) moved.push(at);
      } else if (kind === NAME) {
        if (this.segments[at] === name) moved.push(at + 1);
      } else {
        const tokens = this.segments[at] as Exclude<Segment, string>;
        // A hidden name is matched only by a segment that starts with a literal dot.
        if (hidden && !(tokens[0]?.kind === "char" && tokens[0].char === ".")) continue;
        chars ??= /[\uD800-\uDFFF]/.test(name) ? Array.from(name) : name;
        if (matchSegment(tokens, chars)) moved.push(at + 1);
      }
    }
    const { positions, end } = this.close(moved);
    const step: WalkStep = { file: end, folder: positions.length > 0 ? this.intern(positions) : undefined };
    if (state.next.size >= 4096) state.next.clear();
    state.next.set(name, step);
    return step;
  }

  /** Adds the position after every `**` (it may match no segment), drops ends; `end` when one was reached. */
  private close(moved: number[]): { positions: number[]; end: boolean } {
    const positions: number[] = [];
    let end = false;
    for (let k = 0; k < moved.length; k++) {
      const at = moved[k] as number;
      if (this.kinds[at] === END) {
        end = true;
        continue;
      }
      if (positions.includes(at)) continue;
      positions.push(at);
      if (this.kinds[at] === GLOBSTAR) moved.push(at + 1);
    }
    positions.sort((a, b) => a - b);
    return { positions, end };
  }

  private intern(positions: number[]): WalkState {
    const key = positions.join(",");
    let state = this.states.get(key);
    if (!state) {
      state = { positions, next: new Map() };
      this.states.set(key, state);
    }
    return state;
  }
}
