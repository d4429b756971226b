import { registerDefaultProvider } from "@rulebook/core";
import { agentsProvider } from "./index.js";

registerDefaultProvider(agentsProvider);
