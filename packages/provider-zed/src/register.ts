import { registerDefaultProvider } from "@rulebook/core";
import { zedProvider } from "./index.js";

registerDefaultProvider(zedProvider);
