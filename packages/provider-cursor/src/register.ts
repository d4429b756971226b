import { registerDefaultProvider } from "@rulebook/core";
import { cursorProvider } from "./index.js";

registerDefaultProvider(cursorProvider);
