import { isAbsolute, join, relative } from "node:path";
import { type Provider, type RuleSourceSpec, defineProvider } from "@rulebook/core/provider";
import { applyInstructionFile } from "./instructions.js";

export { applyInstructionFile } from "./instructions.js";

/** Options of {@link createOpencodeProvider}. */
export interface OpencodeProviderOptions {
  /** Default 15. */
  priority?: number;
}

// OpenCode reads both names in a folder and merges their lists.
const CONFIG_NAMES = ["opencode.jsonc", "opencode.json"];
// The user's, in `~/.config/opencode/`.
const USER_NAMES = ["config.json", "opencode.json", "opencode.jsonc"];

/**
 * Makes the OpenCode provider: the files the `instructions` of OpenCode's configuration list,
 * each always applied, as OpenCode puts them whole into every prompt. The project's
 * `opencode.jsonc` and `opencode.json` in each folder from the project root down to `cwd`, then
 * in each `.opencode/` folder on the same way (the order OpenCode merges them in), then the
 * user's `~/.config/opencode/` configuration. Relative entries are looked up from `cwd` up to
 * the project root, as OpenCode does; `AGENTS.md`, OpenCode's main file, is read by
 * `@rulebook/provider-agents-md`; OpenCode's commands, agents and skills are counted, not read.
 */
export function createOpencodeProvider(options: OpencodeProviderOptions = {}): Provider {
  return defineProvider({
    id: "opencode",
    displayName: "OpenCode",
    priority: options.priority ?? 15,
    sources: ({ root, cwd, home }) => {
      const folders = foldersDown(root, cwd);
      const project = (folder: string): RuleSourceSpec[] => CONFIG_NAMES.map((name) => ({ ...LISTED, file: join(folder, name), level: "project" }));
      return [
        ...folders.flatMap(project),
        ...folders.flatMap((folder) => project(join(folder, ".opencode"))),
        ...USER_NAMES.map((name): RuleSourceSpec => ({ ...LISTED, file: join(home, ".config", "opencode", name), level: "user" })),
        ...["command", "commands"].map(
          (folder): RuleSourceSpec => ({ kind: "not-rules", what: "command", folder: `.opencode/${folder}`, extensions: [".md"] }),
        ),
        ...["agent", "agents"].map(
          (folder): RuleSourceSpec => ({ kind: "not-rules", what: "subagent", folder: `.opencode/${folder}`, extensions: [".md"] }),
        ),
        ...["skill", "skills"].map(
          (folder): RuleSourceSpec => ({ kind: "not-rules", what: "skill", folder: `.opencode/${folder}`, file: "SKILL.md" }),
        ),
      ];
    },
  });
}

const LISTED = { kind: "listed", key: "instructions", activation: "always", mapFields: applyInstructionFile } as const;

/** The project root and each folder below it down to `cwd` (only the root when `cwd` is not inside it). */
function foldersDown(root: string, cwd: string): string[] {
  const rel = relative(root, cwd).split("\\").join("/");
  if (rel === "" || rel === ".." || rel.startsWith("../") || isAbsolute(rel)) return [root];
  const parts = rel.split("/");
  return [root, ...parts.map((_, i) => join(root, ...parts.slice(0, i + 1)))];
}

/** The OpenCode provider with its default options. */
export const opencodeProvider: Provider = createOpencodeProvider();
