import { registerDefaultProvider } from "@rulebook/core";
import { clineProvider } from "./index.js";

registerDefaultProvider(clineProvider);
