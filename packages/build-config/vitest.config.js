import { packageTests } from "./vitest.js";

// Only the mutation-testing canary has tests here (`pnpm mutation canary`).
export default packageTests({ include: ["canary/*.test.ts"] });
