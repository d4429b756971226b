import { runProviderContract } from "@rulebook/core/testing";
import { agentsProvider } from "./index.js";

runProviderContract(agentsProvider, {
  // Called once with the suite's temp project and once with its temp home: use both folder
  // names and both extensions so the hostile files reach every code path.
  setup: (target) =>
    target.level === "project" ? target.writeInto(".agents/rules", ".md") : target.writeInto(".agent/rules", ".mdc"),
});
