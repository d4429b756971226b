import { InvalidArgumentError, Option } from "commander";
import type { TtsrOptions } from "../ttsr-command.js";
import { defineCommand, jsonOption } from "./definition.js";

/** Characters per streamed delta in `rulebook ttsr` (docs/behaviour.md#the-command-line-app). */
const DEFAULT_CHUNK = 64;

/** `rulebook ttsr`: a recorded model stream replayed through the stream-trigger rules. */
export const ttsrCommand = defineCommand<TtsrOptions>({
  name: "ttsr",
  description: "replay a recorded model stream through the stream-trigger rules",
  define: (command) =>
    command
      .option("--input <file>", "the recorded stream, relative to the current folder (default or -: standard input)")
      .addOption(new Option("--chunk <n>", "characters per streamed delta").default(DEFAULT_CHUNK).argParser(parseChunk))
      .addOption(jsonOption('print { "firings": [...] } instead of JSON lines and the narration')),
  async run({ io, session }, _args, options) {
    // The stream-trigger engine (and its regex engine) loads only for this command.
    const { runTtsr } = await import("../ttsr-command.js");
    return runTtsr(await session(), options, io);
  },
});

function parseChunk(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError("expected a whole number of characters, 1 or more.");
  }
  return n;
}
