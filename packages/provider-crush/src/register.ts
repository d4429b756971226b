import { registerDefaultProvider } from "@rulebook/core";
import { crushProvider } from "./index.js";

registerDefaultProvider(crushProvider);
