import { defineCommand, jsonOption } from "./definition.js";

/** `rulebook providers`: the providers that run, where each looks, and how many rules each found. */
export const providersCommand = defineCommand<{ json?: boolean }>({
  name: "providers",
  description: "list the providers that run, where each looks, and how many rules each found",
  define: (command) => command.addOption(jsonOption("print the machine-readable list")),
  async run({ io, session }, _args, options) {
    const { runProviders } = await import("../providers-command.js");
    return runProviders(await session(), options, io);
  },
});
