import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { applyClaudeRulesKeys } from "./rules-keys.js";
import { writeClaudeRules } from "./write.js";

export { writeClaudeRules } from "./write.js";

/** Options of {@link createClaudeProvider}. */
export interface ClaudeProviderOptions {
  /** Default 45. */
  priority?: number;
}

/**
 * Makes the Claude Code provider: `CLAUDE.md` and `.claude/CLAUDE.md` (the rule `CLAUDE` of
 * their folder) and `CLAUDE.local.md` (`CLAUDE.local`) in every folder of the project, always
 * applied within it, with `@path` imports; `.claude/rules/` at the root (always, or by its
 * `paths` globs; nothing else in its frontmatter counts); then `~/.claude/CLAUDE.md` and `~/.claude/rules/` (user).
 */
export function createClaudeProvider(options: ClaudeProviderOptions = {}): Provider {
  return defineProvider({
    id: "claude",
    displayName: "Claude Code",
    priority: options.priority ?? 45,
    write: writeClaudeRules,
    sources: ({ root, home }) => [
      { kind: "pattern", file: "CLAUDE.md", name: "CLAUDE", level: "project", activation: "always", imports: true },
      { kind: "pattern", file: ".claude/CLAUDE.md", name: "CLAUDE", level: "project", activation: "always", imports: true },
      { kind: "pattern", file: "CLAUDE.local.md", name: "CLAUDE.local", level: "project", activation: "always", imports: true },
      {
        kind: "folder",
        path: join(root, ".claude", "rules"),
        extensions: [".md"],
        level: "project",
        activation: "always",
        mapFields: applyClaudeRulesKeys,
      },
      { kind: "file", path: join(home, ".claude", "CLAUDE.md"), name: "~/.claude/CLAUDE", level: "user", activation: "always", imports: true },
      {
        kind: "folder",
        path: join(home, ".claude", "rules"),
        extensions: [".md"],
        namePrefix: "~/.claude/rules/",
        level: "user",
        activation: "always",
        mapFields: applyClaudeRulesKeys,
      },
      // Claude Code's skills, commands and subagents are not rules: counted once per load, never read.
      { kind: "not-rules", what: "skill", folder: ".claude/skills", file: "SKILL.md" },
      { kind: "not-rules", what: "command", folder: ".claude/commands", extensions: [".md"] },
      { kind: "not-rules", what: "subagent", folder: ".claude/agents", extensions: [".md"] },
    ],
  });
}

/** The Claude Code provider with its default options. */
export const claudeProvider: Provider = createClaudeProvider();
