import { packageTests } from "@rulebook/build-config/vitest";

// Most tests spawn the built CLI; the shared config gives each a generous 60 s limit.
export default packageTests();
