import { packageTests } from "@rulebook/build-config/vitest";

// These tests pack tarballs and run npm and the built CLI: minutes on a busy two-core machine.
export default packageTests({ testTimeout: 300_000, hookTimeout: 300_000 });
