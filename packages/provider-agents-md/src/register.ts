import { registerDefaultProvider } from "@rulebook/core";
import { agentsMdProvider } from "./index.js";

registerDefaultProvider(agentsMdProvider);
