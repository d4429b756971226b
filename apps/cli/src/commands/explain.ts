import { defineCommand, jsonOption } from "./definition.js";

/** `rulebook explain PATH|rule://NAME`: which rules apply to a file and why, or everything about one rule. */
export const explainCommand = defineCommand<{ json?: boolean }>({
  name: "explain",
  description: "explain which rules apply to a file (relative to --cwd), or everything about one rule",
  define: (command) => command.argument("<target>", "PATH or rule://NAME").addOption(jsonOption("print the machine-readable explanation")),
  async run({ io, session }, [target], options) {
    const { runExplain } = await import("../explain.js");
    return runExplain(await session(), target ?? "", options, io);
  },
});
