import { registerDefaultProvider } from "@rulebook/core";
import { opencodeProvider } from "./index.js";

registerDefaultProvider(opencodeProvider);
