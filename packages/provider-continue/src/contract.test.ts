import { runProviderContract } from "@rulebook/core/testing/vitest";
import { continueProvider } from "./index.js";

// An explicit setup only because the suite's own placement (from sources()) writes whichever
// file comes first into single-file sources, which differs when the files are reversed; here
// `.continuerules` always gets the same good file.
runProviderContract(continueProvider, {
  setup: async (t) => {
    await t.writeInto(".continue/rules", ".md");
    if (t.level === "project") await t.writeOne(".continuerules", "contract-gamma");
  },
});
