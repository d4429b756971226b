import { registerDefaultProvider } from "@rulebook/core";
import { windsurfProvider } from "./index.js";

registerDefaultProvider(windsurfProvider);
