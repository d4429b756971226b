import { registerDefaultProvider } from "@rulebook/core";
import { traeProvider } from "./index.js";

registerDefaultProvider(traeProvider);
