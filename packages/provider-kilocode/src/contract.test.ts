import { runProviderContract } from "@rulebook/core/testing/vitest";
import { kilocodeProvider } from "./index.js";

// Which sources exist depends on what is on disk (mode folders, the legacy fallback), so the
// files are placed here: the generic `.kilocode/rules` folder, in the project and in home.
runProviderContract(kilocodeProvider, { setup: (t) => t.writeInto(".kilocode/rules", ".md") });
