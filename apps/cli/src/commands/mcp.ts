import { defineCommand } from "./definition.js";

/** `rulebook mcp`: the rules served over the Model Context Protocol on standard input and output. */
export const mcpCommand = defineCommand<unknown>({
  name: "mcp",
  description: "serve the rules to agents over the Model Context Protocol, on standard input and output",
  async run({ io, common, locations }) {
    const { runMcp } = await import("../mcp/mcp-command.js");
    return runMcp(locations, common.mode === undefined ? {} : { mode: common.mode }, io);
  },
});
