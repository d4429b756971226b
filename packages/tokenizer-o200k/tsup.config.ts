import { packageBuild } from "@rulebook/build-config/tsup";

// The table the counter reads, written next to the module that reads it (scripts/build-table.js).
export default packageBuild(undefined, { onSuccess: "node scripts/build-table.js" });
