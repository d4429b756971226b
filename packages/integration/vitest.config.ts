import { defineConfig } from "vitest/config";

// These tests pack tarballs and run npm and the built CLI: minutes on a busy two-core machine.
export default defineConfig({ test: { testTimeout: 300_000, hookTimeout: 300_000 } });
