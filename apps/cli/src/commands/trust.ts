import { type CommandDefinition, defineCommand, jsonOption } from "./definition.js";

function trustCommand(action: "trust" | "untrust", description: string): CommandDefinition {
  return defineCommand<{ list?: boolean; json?: boolean }>({
    name: action,
    description,
    define: (command) =>
      command
        .argument("[path]", "a folder of the project (default: the current project)")
        .option("--list", "print the trusted projects instead")
        .addOption(jsonOption("print the result as JSON")),
    async run({ io, locations }, [path], options) {
      const { runTrust } = await import("../trust-command.js");
      return runTrust(action, path, await locations(), options, io);
    },
  });
}

/** `rulebook trust [path]`: the project's JavaScript configuration and its own providers may run. */
export const trustProjectCommand = trustCommand(
  "trust",
  "trust a project (default: this one): its JavaScript configuration and its own providers may run",
);

/** `rulebook untrust [path]`: stop trusting a project. */
export const untrustProjectCommand = trustCommand("untrust", "stop trusting a project (default: this one)");
