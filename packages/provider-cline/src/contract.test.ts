import { runProviderContract } from "@rulebook/core/testing/vitest";
import { clineProvider } from "./index.js";

// The nearest `.clinerules` depends on what exists, so this provider places its files itself.
runProviderContract(clineProvider, {
  setup: (t) => t.writeInto(t.level === "project" ? ".clinerules" : "Documents/Cline/Rules", ".md"),
});
