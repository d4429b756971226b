import { runProviderContract } from "@rulebook/core/testing";
import { windsurfProvider } from "./index.js";

runProviderContract(windsurfProvider, {
  setup: (t) => (t.level === "project" ? t.writeInto(".windsurf/rules", ".md") : undefined),
});
