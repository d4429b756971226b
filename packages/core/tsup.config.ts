import { packageBuild } from "@rulebook/build-config/tsup";

export default packageBuild(["src/index.ts", "src/provider-api.ts", "src/testing.ts", "src/testing-vitest.ts"], { external: ["vitest"] });
