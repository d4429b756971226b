import { registerDefaultProvider } from "@rulebook/core";
import { qwenProvider } from "./index.js";

registerDefaultProvider(qwenProvider);
