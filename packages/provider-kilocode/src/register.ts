import { registerDefaultProvider } from "@rulebook/core";
import { kilocodeProvider } from "./index.js";

registerDefaultProvider(kilocodeProvider);
