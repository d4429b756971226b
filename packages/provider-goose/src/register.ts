import { registerDefaultProvider } from "@rulebook/core";
import { gooseProvider } from "./index.js";

registerDefaultProvider(gooseProvider);
