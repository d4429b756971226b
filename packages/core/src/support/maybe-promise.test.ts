import { describe, expect, it } from "vitest";
import { isPromiseLike, mapMaybe, settle } from "./maybe-promise.js";

describe("settle", () => {
  it("stays synchronous for synchronous steps, including errors", () => {
    expect(
      settle(
        () => 2,
        (x) => x * 3,
        () => -1,
      ),
    ).toBe(6);
    expect(
      settle(
        () => {
          throw new Error("no");
        },
        () => "value",
        (e) => (e as Error).message,
      ),
    ).toBe("no");
  });

  it("follows promises, routing rejections to onError", async () => {
    const value = settle(
      () => Promise.resolve(2),
      (x) => x + 1,
      () => -1,
    );
    expect(isPromiseLike(value)).toBe(true);
    expect(await value).toBe(3);
    expect(
      await settle(
        () => Promise.reject(new Error("x")),
        () => 0,
        () => -1,
      ),
    ).toBe(-1);
  });
});

describe("mapMaybe", () => {
  it("returns a plain array when every call is synchronous", () => {
    expect(mapMaybe([1, 2, 3], 2, (x) => x * 2)).toEqual([2, 4, 6]);
  });

  it("keeps input order and at most `limit` calls in flight once a call is asynchronous", async () => {
    let inFlight = 0;
    let most = 0;
    const result = mapMaybe([0, 1, 2, 3, 4, 5, 6, 7], 3, (x) => {
      if (x < 2) return x;
      inFlight++;
      most = Math.max(most, inFlight);
      return new Promise<number>((resolve) =>
        setTimeout(() => {
          inFlight--;
          resolve(x);
        }, 8 - x),
      );
    });
    expect(isPromiseLike(result)).toBe(true);
    expect(await result).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });
});
