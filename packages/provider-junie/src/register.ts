import { registerDefaultProvider } from "@rulebook/core";
import { junieProvider } from "./index.js";

registerDefaultProvider(junieProvider);
