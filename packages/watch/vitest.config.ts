import { defineConfig } from "vitest/config";

// Watch tests wait on real file-system events; on a loaded two-core machine they can be slow.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000 } });
