import { defineConfig } from "vitest/config";

// Most tests spawn the built CLI; on a busy two-core machine (turbo building declarations
// next to them) one run can take seconds, so each test gets a generous limit.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000 } });
