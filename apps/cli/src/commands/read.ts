import type { Command } from "commander";
import { defineCommand, jsonOption } from "./definition.js";

/** `rulebook read rule://NAME`: a rule's content, as the model reads it. */
export const readCommand = defineCommand<{ json?: boolean }>({
  name: "read",
  description: "print the content of a rule, as the model reads it",
  define: (command) =>
    command
      .argument("<url>", "rule://NAME")
      .hook("preAction", checkRuleUrl)
      .addOption(jsonOption('print { "name", "path", "content", "diagnostics" }')),
  async run({ io, session }, [url], options) {
    const { runRead } = await import("../read-command.js");
    return runRead(await session(), url ?? "", options, io);
  },
});

/**
 * Checks `read`'s argument before the command runs, with the core's rule:// parser, imported
 * here rather than at the top so that `--help`, `--version` and the commands that need no core
 * never load it; the message is the one commander gives a failing argument parser.
 */
async function checkRuleUrl(command: Command): Promise<void> {
  const value = command.args[0] ?? "";
  const { parseRuleUrl } = await import("@rulebook/core");
  if (parseRuleUrl(value) !== undefined) return;
  command.error(`error: command-argument value '${value}' is invalid for argument 'url'. expected rule://NAME.`, {
    code: "commander.invalidArgument",
  });
}
