import { expandBraces } from "./braces.js";
import { type Segment, parsePattern } from "./compile.js";
import { matchSegment } from "./segment.js";

/** How many steps a folder's state remembers in `next` or in `byMatch` before it starts again. */
const REMEMBERED_STEPS = 4096;

/**
 * Where the walk stands in every pattern at once, for one folder: which pattern segments the
 * folder's entries are matched against next. Shared by every folder that stands in the same
 * place (most folders of a project stand inside the `**` of every `**\/NAME` pattern).
 */
export interface WalkState {
  /** Positions into the matcher's flattened segments, ascending, none of them an end. */
  readonly positions: readonly number[];
  /** The `**` positions: they stay where they are on any name that does not start with `.`. */
  readonly globstars: readonly number[];
  /** The literal segments' positions, by the name they match. */
  readonly names: ReadonlyMap<string, readonly number[]>;
  /** The segments with wildcards. */
  readonly wildcards: readonly number[];
  /** Where a name that matches no literal or wildcard segment leads (computed once). */
  plain?: WalkStep;
  /** Where other names led (small; reset when large). */
  readonly next: Map<string, WalkStep>;
  /**
   * Where a name that no literal segment names led, by which wildcard segments it matched (a
   * bit each) and whether it is hidden: a folder of distinct file names under `*.mdc` makes one
   * step, not one per name (reset when large, as `next` is: names that each match other wildcards
   * would otherwise grow it without bound).
   */
  readonly byMatch: Map<number, WalkStep>;
}

/** What one entry of a folder is to the patterns. */
export interface WalkStep {
  /** A file of this name is matched by some pattern. */
  readonly file: boolean;
  /** A folder of this name may hold matches: the state its entries are matched in, or `undefined` when none can match. */
  readonly folder: WalkState | undefined;
}

const END = 0;
const GLOBSTAR = 1;
const NAME = 2;
const TOKENS = 3;
const NOTHING: WalkStep = { file: false, folder: undefined };

/**
 * The patterns of a walk as one set-of-positions matcher (no backtracking), with picomatch's
 * `dot: false` rules, as tinyglobby applied them: `*`, `?`, `[…]` and `**` never match a name
 * that starts with `.`; only a segment that starts with a literal `.` (`.cursor`) does. Braces
 * are expanded by the core's glob compiler; a pattern whose braces cannot be expanded within
 * its bounds is matched literally. Per folder the cost is a map lookup per entry: only names
 * that some literal segment names, or that a wildcard segment waits for, do more.
 */
export class WalkMatcher {
  private readonly kinds: number[] = [];
  private readonly segments: Array<string | Segment> = [];
  private readonly states = new Map<string, WalkState>();
  /** Scratch for {@link close}: `seen[at] === mark` when `at` is already in the set being built. */
  private readonly seen: Uint32Array;
  private mark = 0;
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
    this.seen = new Uint32Array(this.kinds.length);
    // The root itself is never a match, only what is below it.
    this.start = this.close(starts).folder ?? this.intern([]);
  }

  /** Where an entry named `name` of a folder in `state` leads. */
  step(state: WalkState, name: string): WalkStep {
    const hidden = name.charCodeAt(0) === 46; /* . */
    const named = state.names.get(name);
    if (named === undefined && state.wildcards.length === 0) {
      if (hidden) return NOTHING;
      state.plain ??= this.close([...state.globstars]);
      return state.plain;
    }
    const known = state.next.get(name);
    if (known) return known;
    const moved: number[] = hidden ? [] : [...state.globstars];
    if (named) for (const at of named) moved.push(at + 1);
    let chars: ArrayLike<string> | undefined;
    // Which wildcard segments matched, a bit each (while there are few enough to count so).
    let matched = hidden ? 1 : 0;
    const wildcards = state.wildcards;
    for (let k = 0; k < wildcards.length; k++) {
      const at = wildcards[k] as number;
      const tokens = this.segments[at] as Exclude<Segment, string>;
      // A hidden name is matched only by a segment that starts with a literal dot.
      if (hidden && !(tokens[0]?.kind === "char" && tokens[0].char === ".")) continue;
      chars ??= /[\uD800-\uDFFF]/.test(name) ? Array.from(name) : name;
      if (matchSegment(tokens, chars)) {
        moved.push(at + 1);
        matched |= 2 << k;
      }
    }
    if (named === undefined && wildcards.length < 30) {
      let step = state.byMatch.get(matched);
      if (step === undefined) {
        step = this.close(moved);
        if (state.byMatch.size >= REMEMBERED_STEPS) state.byMatch.clear();
        state.byMatch.set(matched, step);
      }
      return step;
    }
    const step = this.close(moved);
    if (state.next.size >= REMEMBERED_STEPS) state.next.clear();
    state.next.set(name, step);
    return step;
  }

  /** The step to these positions, each `**` also skipped (it may match no segment). */
  private close(moved: number[]): WalkStep {
    const mark = ++this.mark;
    const positions: number[] = [];
    let file = false;
    for (let k = 0; k < moved.length; k++) {
      const at = moved[k] as number;
      if (this.kinds[at] === END) {
        file = true;
        continue;
      }
      if (this.seen[at] === mark) continue;
      this.seen[at] = mark;
      positions.push(at);
      if (this.kinds[at] === GLOBSTAR) moved.push(at + 1);
    }
    return { file, folder: positions.length > 0 ? this.intern(positions.sort((a, b) => a - b)) : undefined };
  }

  private intern(positions: number[]): WalkState {
    const key = positions.join(",");
    let state = this.states.get(key);
    if (!state) {
      const names = new Map<string, number[]>();
      const globstars: number[] = [];
      const wildcards: number[] = [];
      for (const at of positions) {
        const kind = this.kinds[at];
        if (kind === GLOBSTAR) globstars.push(at);
        else if (kind === TOKENS) wildcards.push(at);
        else {
          const name = this.segments[at] as string;
          const list = names.get(name);
          if (list) list.push(at);
          else names.set(name, [at]);
        }
      }
      state = { positions, globstars, names, wildcards, next: new Map(), byMatch: new Map() };
      this.states.set(key, state);
    }
    return state;
  }
}
