import { expect, test } from "vitest";
import { canary } from "./load.js";

test("the canary module loads", () => {
  expect(canary).toEqual({ loaded: true });
});
