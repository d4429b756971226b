import { registerDefaultProvider } from "@rulebook/core";
import { rooProvider } from "./index.js";

registerDefaultProvider(rooProvider);
