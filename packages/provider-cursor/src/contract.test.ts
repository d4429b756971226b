import { runProviderContract } from "@rulebook/core/testing";
import { cursorProvider } from "./index.js";

runProviderContract(cursorProvider, { setup: (t) => t.writeInto(".cursor/rules", ".mdc") });
