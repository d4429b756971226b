import { parentPort } from "node:worker_threads";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

// Special-token spellings in a rule file are text like any other, never a reason to throw.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

// Loads the o200k tables on a second thread while the app loads the rules, then answers
// each list of texts with their token counts.
parentPort?.on("message", (texts: string[]) => {
  parentPort?.postMessage(texts.map((text) => countTokens(text, AS_TEXT)));
});
