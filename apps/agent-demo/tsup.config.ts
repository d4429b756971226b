import { packageBuild } from "@rulebook/build-config/tsup";

// An app, run from the repository: one entry, no declarations.
export default packageBuild(["src/main.ts"], { dts: false });
