import { defineCommand, jsonOption } from "./definition.js";

/** `rulebook inspect`: the rules found, by category, with shadowed rules, token counts and diagnostics. */
export const inspectCommand = defineCommand<{ json?: boolean }>({
  name: "inspect",
  description: "list the rules found, by category, with shadowed rules, token counts and diagnostics",
  define: (command) => command.addOption(jsonOption("print the machine-readable report")),
  async run({ io, session }, _args, options) {
    // inspect shows token counts: the counter's table is read while the project loads.
    (await import("../tokens.js")).preloadTokenCounter();
    const { runInspect } = await import("../inspect.js");
    return runInspect(await session({ listsDiagnostics: true }), options, io);
  },
});
