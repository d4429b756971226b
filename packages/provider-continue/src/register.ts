import { registerDefaultProvider } from "@rulebook/core";
import { continueProvider } from "./index.js";

registerDefaultProvider(continueProvider);
