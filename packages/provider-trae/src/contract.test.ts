import { runProviderContract } from "@rulebook/core/testing/vitest";
import { traeProvider } from "./index.js";

// No setup: the suite places its files where the provider's own sources() say.
runProviderContract(traeProvider);
