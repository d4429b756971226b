import { packageBuild } from "@rulebook/build-config/tsup";

export default packageBuild(
  ["src/index.ts", "src/provider-api.ts", "src/export-kit.ts", "src/text.ts", "src/v1.ts", "src/testing.ts", "src/testing-vitest.ts"],
  { external: ["vitest"] },
);
