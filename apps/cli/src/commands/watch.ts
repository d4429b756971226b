import { defineCommand, jsonOption } from "./definition.js";

/** `rulebook watch`: what changes in the rules as files change, until Ctrl-C. */
export const watchCommand = defineCommand<{ json?: boolean }>({
  name: "watch",
  description: "print what changes in the rules as files change, until Ctrl-C",
  define: (command) => command.addOption(jsonOption("print one JSON line per change")),
  async run({ io, common, locations }, _args, options) {
    const { runWatch } = await import("../watch-command.js");
    return runWatch(await locations(), { ...options, ...(common.mode !== undefined && { mode: common.mode }) }, io);
  },
});
