import { registerDefaultProvider } from "@rulebook/core";
import { claudeProvider } from "./index.js";

registerDefaultProvider(claudeProvider);
