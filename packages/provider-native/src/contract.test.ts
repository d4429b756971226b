import { runProviderContract } from "@rulebook/core/testing";
import { nativeProvider } from "./index.js";

runProviderContract(nativeProvider, {
  setup: (t) => t.writeInto(t.level === "project" ? ".xcsh/rules" : ".xcsh/agent/rules", ".md"),
});
