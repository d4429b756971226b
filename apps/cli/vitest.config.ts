import { packageTests } from "@rulebook/build-config/vitest";
import { configDefaults } from "vitest/config";

// Most tests spawn the built CLI; the shared config gives each a generous 60 s limit. The example
// project has tests of its own, as a real project does: they are its files, not this package's tests.
export default packageTests({ exclude: [...configDefaults.exclude, "example/**"] });
