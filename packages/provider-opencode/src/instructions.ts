import type { MapFields } from "@rulebook/core/provider";

/**
 * OpenCode puts every file its `instructions` list names into the system prompt, whole: the
 * file is always applied, whatever `globs`, `alwaysApply`, `condition` or trigger keys of another
 * tool it carries. Its description is kept (for `inspect`), and Rulebook's own `protected`.
 */
export const applyInstructionFile: MapFields = (fields) => ({
  ...(fields.description !== undefined && { description: fields.description }),
  ...(fields.protected === true && { protected: true as const }),
  alwaysApply: true,
});
