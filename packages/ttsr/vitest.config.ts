import { packageTests } from "@rulebook/build-config/vitest";

export default packageTests({ setupFiles: ["./test/fast-check-seed.ts"] });
