import { runProviderContract } from "@rulebook/core/testing/vitest";
import { zedProvider } from "./index.js";

// Zed reads one file, chosen by what is on disk: the suite's first good file goes to `.rules`
// in the project (Zed has no user file).
runProviderContract(zedProvider, {
  setup: async (t) => {
    const first = Object.keys(t.files).sort()[0];
    if (t.level === "project" && first !== undefined) await t.writeOne(".rules", first);
  },
});
