import { registerDefaultProvider } from "@rulebook/core";
import { nativeProvider } from "./index.js";

registerDefaultProvider(nativeProvider);
