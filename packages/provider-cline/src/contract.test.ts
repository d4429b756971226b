import { runProviderContract } from "@rulebook/core/testing";
import { clineProvider } from "./index.js";

runProviderContract(clineProvider, { setup: (t) => (t.level === "project" ? t.writeInto(".clinerules", ".md") : undefined) });
