/** A value, or a promise of it: file systems may answer synchronously or not. */
export type MaybePromise<T> = T | PromiseLike<T>;

/** True when `value` is a promise (or any thenable). */
export function isPromiseLike<T>(value: MaybePromise<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

/**
 * Runs `step`, then `onValue` with its result, or `onError` when it throws or rejects,
 * staying synchronous when `step` is: a synchronous file system then costs no promise
 * and no microtask per file.
 */
export function settle<T, R>(
  step: () => MaybePromise<T>,
  onValue: (value: T) => MaybePromise<R>,
  onError: (error: unknown) => MaybePromise<R>,
): MaybePromise<R> {
  let value: MaybePromise<T>;
  try {
    value = step();
  } catch (error) {
    return onError(error);
  }
  return isPromiseLike(value) ? Promise.resolve(value).then(onValue, onError) : onValue(value);
}

/**
 * Maps `items` in order. While `fn` answers synchronously no promise is made; from the
 * first promise on, at most `limit` calls are in flight.
 */
export function mapMaybe<T, R>(items: readonly T[], limit: number, fn: (item: T) => MaybePromise<R>): MaybePromise<R[]> {
  const out = new Array<R>(items.length);
  for (let i = 0; i < items.length; i++) {
    const result = fn(items[i] as T);
    if (isPromiseLike(result)) return finishAsync(items, i, result, out, limit, fn);
    out[i] = result;
  }
  return out;
}

async function finishAsync<T, R>(
  items: readonly T[],
  first: number,
  pending: PromiseLike<R>,
  out: R[],
  limit: number,
  fn: (item: T) => MaybePromise<R>,
): Promise<R[]> {
  let next = first + 1;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  const workers = Array.from({ length: Math.max(0, Math.min(limit - 1, items.length - next)) }, worker);
  out[first] = await pending;
  await Promise.all(workers);
  return out;
}
