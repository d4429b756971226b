import { defineConfig } from "vitest/config";

// Some tests import modules from temporary folders; a loaded two-core machine can be slow.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000 } });
