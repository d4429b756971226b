import { runProviderContract } from "@rulebook/core/testing/vitest";
import { crushProvider } from "./index.js";

// No setup: the suite places its files where the provider's own sources() say.
runProviderContract(crushProvider);
