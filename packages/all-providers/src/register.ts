import { registerDefaultProvider } from "@rulebook/core";
import { bundledProviders } from "./index.js";

for (const provider of bundledProviders) registerDefaultProvider(provider);
