/** A burst collapsed into one call: {@link Debounced.trigger} restarts a quiet window. */
export interface Debounced {
  trigger(): void;
  cancel(): void;
}

/**
 * Calls `run` once `quietMs` pass without a trigger, or `maxWaitMs` after the first trigger
 * of a burst at the latest, so a stream of events that never pauses still gets reloads.
 */
export function debounce(run: () => void, quietMs: number, maxWaitMs: number): Debounced {
  let timer: NodeJS.Timeout | undefined;
  let firstAt: number | undefined;
  const fire = () => {
    timer = undefined;
    firstAt = undefined;
    run();
  };
  return {
    trigger() {
      const now = Date.now();
      firstAt ??= now;
      if (timer) clearTimeout(timer);
      timer = setTimeout(fire, Math.max(0, Math.min(quietMs, firstAt + maxWaitMs - now)));
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      firstAt = undefined;
    },
  };
}
