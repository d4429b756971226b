import { registerDefaultProvider } from "@rulebook/core";
import { geminiProvider } from "./index.js";

registerDefaultProvider(geminiProvider);
