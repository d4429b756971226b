import { registerDefaultProvider } from "@rulebook/core";
import { copilotProvider } from "./index.js";

registerDefaultProvider(copilotProvider);
