import type { LanguageModelV3Prompt, SharedV3ProviderOptions } from "@ai-sdk/provider";
import { PROVIDER_KEY } from "./provider-key.js";

/**
 * The argument names of a tool call whose values count as files in play (a string, or a list of
 * strings), at the top level of the call's input: what file tools call their path in the AI SDK's
 * examples, MCP file servers, Claude Code (`file_path`) and Cursor (`target_file`).
 */
export const FILE_ARGUMENT_KEYS: readonly string[] = Object.freeze([
  "path",
  "paths",
  "file",
  "files",
  "filePath",
  "filePaths",
  "file_path",
  "file_paths",
  "filename",
  "target_file",
]);

/** At most this many files are in play for one call: the most recently named ones. */
export const MAX_FILES_IN_PLAY = 256;

const MAX_PATH_LENGTH = 4096;
const keys = new Set(FILE_ARGUMENT_KEYS);

/**
 * The files in play for one call: `given` (the option's, then the call's
 * `providerOptions.rulebook.files`), then the paths the conversation's tool calls name under
 * {@link FILE_ARGUMENT_KEYS}, each once, the most recent {@link MAX_FILES_IN_PLAY} kept.
 */
export function filesInPlay(prompt: LanguageModelV3Prompt, given: readonly string[], providerOptions?: SharedV3ProviderOptions): string[] {
  const found = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === "string" && value !== "" && value.length <= MAX_PATH_LENGTH) {
      found.delete(value);
      found.add(value);
    }
  };
  for (const file of given) add(file);
  const perCall = providerOptions?.[PROVIDER_KEY]?.files;
  if (Array.isArray(perCall)) for (const file of perCall) add(file);
  for (const message of prompt) {
    if (message.role !== "assistant") continue;
    for (const part of message.content) {
      if (part.type !== "tool-call" || typeof part.input !== "object" || part.input === null) continue;
      for (const [key, value] of Object.entries(part.input)) {
        if (!keys.has(key)) continue;
        if (Array.isArray(value)) for (const item of value) add(item);
        else add(value);
      }
    }
  }
  const all = [...found];
  return all.length > MAX_FILES_IN_PLAY ? all.slice(all.length - MAX_FILES_IN_PLAY) : all;
}
