import { runProviderContract } from "@rulebook/core/testing/vitest";
import { rooProvider } from "./index.js";

// Which sources exist depends on what is on disk (mode folders, the legacy fallback), so the
// files are placed here: the generic `.roo/rules` folder, in the project and in home.
runProviderContract(rooProvider, { setup: (t) => t.writeInto(".roo/rules", ".md") });
