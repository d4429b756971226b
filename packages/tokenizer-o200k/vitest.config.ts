import { packageTests } from "@rulebook/build-config/vitest";

export default packageTests();
