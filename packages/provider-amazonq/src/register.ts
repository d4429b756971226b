import { registerDefaultProvider } from "@rulebook/core";
import { amazonQProvider } from "./index.js";

registerDefaultProvider(amazonQProvider);
