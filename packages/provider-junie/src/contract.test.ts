import { runProviderContract } from "@rulebook/core/testing/vitest";
import { junieProvider } from "./index.js";

// `.junie/AGENTS.md` replaces the legacy files when it exists, so the files are placed here:
// the legacy guidelines (file and folder) in the project, AGENTS.md in home.
runProviderContract(junieProvider, {
  setup: async (t) => {
    if (t.level === "user") return t.writeOne(".junie/AGENTS.md", "contract-gamma");
    await t.writeOne(".junie/guidelines.md", "contract-alpha");
    await t.writeInto(".junie/guidelines", ".md");
  },
});
