import { registerDefaultProvider } from "@rulebook/core";
import { augmentProvider } from "./index.js";

registerDefaultProvider(augmentProvider);
