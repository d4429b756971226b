import { type Command, Option } from "commander";
import type { PromptOptions } from "../prompt-command.js";
import { defineCommand, jsonOption } from "./definition.js";

/** `rulebook prompt`: the rules part of the system prompt, for the files in play. */
export const promptCommand = defineCommand<PromptOptions>({
  name: "prompt",
  description: "print the rules part of the system prompt",
  define: (command) =>
    command
      .option("--file <path>", "a file in play (relative to --cwd); repeatable", (value: string, previous?: string[]) => [...(previous ?? []), value])
      .addOption(
        new Option(
          "--max-tokens <n>",
          "token budget: always-apply rules that do not fit are left out, and named (default: the configuration's maxTokens)",
        ),
      )
      .addOption(jsonOption('print { "text", "tokens", "included", "omitted" }'))
      .hook("preAction", checkMaxTokens),
  async run({ io, session }, _args, options) {
    const { runPrompt } = await import("../prompt-command.js");
    return runPrompt(await session(), options, io);
  },
});

/**
 * Checks `--max-tokens` before the prompt command runs, replacing the text with the number.
 * One rule for every front end: @rulebook/prompt's (the configuration and MCP use it too). It is
 * imported here, not as an argument parser, so that `--help` and the other commands never load it
 * (and the core it brings); the message is the one commander gives a failing argument parser.
 */
async function checkMaxTokens(command: Command): Promise<void> {
  const value: unknown = command.getOptionValue("maxTokens");
  if (typeof value !== "string") return;
  const { validateMaxTokens } = await import("@rulebook/prompt");
  const checked = validateMaxTokens(value);
  if (checked.ok) {
    command.setOptionValue("maxTokens", checked.value);
    return;
  }
  command.error(`error: option '--max-tokens <n>' argument '${value}' is invalid. ${checked.problem}.`, { code: "commander.invalidArgument" });
}
