import { runProviderContract } from "@rulebook/core/testing/vitest";
import { augmentProvider } from "./index.js";

// An explicit setup only because the suite's own placement (from sources()) writes whichever
// file comes first into single-file sources, which differs when the files are reversed; here
// the legacy files always get the same good file.
runProviderContract(augmentProvider, {
  setup: async (t) => {
    await t.writeInto(".augment/rules", ".md");
    if (t.level !== "project") return;
    await t.writeOne(".augment-guidelines", "contract-gamma");
    await t.writeOne(".augment/guidelines.md", "contract-alpha");
  },
});
