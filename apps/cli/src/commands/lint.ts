import { Option } from "commander";
import { CliError, EXIT } from "../cli-error.js";
import { LINT_FORMATS, type LintFormat } from "../lint-formats.js";
import { defineCommand, jsonOption } from "./definition.js";

/** `rulebook lint`: every diagnostic, as text, JSON, GitHub annotations or SARIF; exit 1 on an error. */
export const lintCommand = defineCommand<{ json?: boolean; format?: LintFormat }>({
  name: "lint",
  description: "print every diagnostic, grouped by file; exit 1 when one is an error",
  define: (command) =>
    command
      .addOption(jsonOption('print { "diagnostics": [...] } (the same as --format json)'))
      .addOption(
        new Option("--format <format>", "text, json, github (GitHub Actions annotations) or sarif (a SARIF 2.1.0 log for code scanning)").choices(
          LINT_FORMATS,
        ),
      ),
  async run({ io, session }, _args, options) {
    const { json, format } = options;
    if (json && format !== undefined && format !== "json")
      throw new CliError("usage", `--json and --format ${format} ask for different outputs; give one`, EXIT.usage);
    // Most real projects' always-apply rules pass the size check's byte bound, and lint then
    // counts them: the table is read while the project loads (on a quiet machine 5-11 ms less
    // where it counts, nothing more where it does not).
    (await import("../tokens.js")).preloadTokenCounter();
    const { runLint } = await import("../lint-command.js");
    return runLint(await session({ listsDiagnostics: true, listProjectFiles: true }), { format: format ?? (json ? "json" : "text") }, io);
  },
});
