import { registerDefaultProvider } from "@rulebook/core";
import { kiroProvider } from "./index.js";

registerDefaultProvider(kiroProvider);
