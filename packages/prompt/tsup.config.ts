import { packageBuild } from "@rulebook/build-config/tsup";

export default packageBuild();
