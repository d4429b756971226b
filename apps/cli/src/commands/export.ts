import type { ExportOptions } from "../export-command.js";
import { defineCommand, jsonOption } from "./definition.js";

/** `rulebook export --to <ids>`: the rules written in other tools' formats; `--check` for CI. */
export const exportCommand = defineCommand<ExportOptions>({
  name: "export",
  description: "write the rules in other tools' formats under the project root; --check for a CI drift check",
  define: (command) =>
    command
      .requiredOption("--to <ids>", "target provider id(s), comma-separated", (value: string) => value.split(",").map((id) => id.trim()))
      .option("--from <id>", "export one provider's rules instead of the rules in effect")
      .option("--dry-run", "print a unified diff of what would change; write nothing")
      .option("--check", "write nothing; exit 1 when a file differs from what export would write, is missing or is stale")
      .option("--force", "take over files export did not write")
      .addOption(jsonOption('print { "mode", "files", "losses" }')),
  async run({ io, session }, _args, options) {
    const { runExport } = await import("../export-command.js");
    return runExport(await session(), options, io);
  },
});
