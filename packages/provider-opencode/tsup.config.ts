import { packageBuild } from "@rulebook/build-config/tsup";

export default packageBuild(["src/index.ts", "src/register.ts"]);
