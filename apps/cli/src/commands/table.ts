import type { CommandDefinition } from "./definition.js";
import { explainCommand } from "./explain.js";
import { exportCommand } from "./export.js";
import { inspectCommand } from "./inspect.js";
import { lintCommand } from "./lint.js";
import { mcpCommand } from "./mcp.js";
import { promptCommand } from "./prompt.js";
import { providersCommand } from "./providers.js";
import { readCommand } from "./read.js";
import { trustProjectCommand, untrustProjectCommand } from "./trust.js";
import { ttsrCommand } from "./ttsr.js";
import { watchCommand } from "./watch.js";

/** Every `rulebook` command, in the order `--help` lists them: a new command is a file and a line here. */
export const COMMANDS: readonly CommandDefinition[] = [
  inspectCommand,
  providersCommand,
  promptCommand,
  readCommand,
  lintCommand,
  explainCommand,
  ttsrCommand,
  exportCommand,
  watchCommand,
  mcpCommand,
  trustProjectCommand,
  untrustProjectCommand,
];
