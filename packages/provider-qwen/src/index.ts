import { join } from "node:path";
import { type MapFields, type Provider, applyPathsKey, defineProvider } from "@rulebook/core/provider";
import { writeQwenRules } from "./write.js";

/** Options of {@link createQwenProvider}. */
export interface QwenProviderOptions {
  /** Default 35. */
  priority?: number;
}

/**
 * Makes the Qwen Code provider: `QWEN.md` in every folder of the project (the rule `QWEN` of
 * that folder, always applied within it, with `@path` imports), the personal
 * `.qwen/QWEN.local.md` (`QWEN.local`) and `.qwen/rules/` (always, or by `paths`) at the root,
 * then `~/.qwen/QWEN.md`, `~/.qwen/AGENTS.md` and `~/.qwen/rules/` (user).
 */
export function createQwenProvider(options: QwenProviderOptions = {}): Provider {
  return defineProvider({
    id: "qwen",
    displayName: "Qwen Code",
    priority: options.priority ?? 35,
    write: writeQwenRules,
    sources: ({ root, home }) => [
      { kind: "pattern", file: "QWEN.md", name: "QWEN", level: "project", activation: "always", imports: true },
      { kind: "file", path: join(root, ".qwen", "QWEN.local.md"), name: "QWEN.local", level: "project", activation: "always", imports: true },
      { kind: "folder", path: join(root, ".qwen", "rules"), extensions: [".md"], level: "project", activation: "always", mapFields: applyQwenPaths },
      { kind: "file", path: join(home, ".qwen", "QWEN.md"), name: "~/.qwen/QWEN", level: "user", activation: "always", imports: true },
      { kind: "file", path: join(home, ".qwen", "AGENTS.md"), name: "~/.qwen/AGENTS", level: "user", activation: "always", imports: true },
      {
        kind: "folder",
        path: join(home, ".qwen", "rules"),
        extensions: [".md"],
        namePrefix: "~/.qwen/rules/",
        level: "user",
        activation: "always",
        mapFields: applyQwenPaths,
      },
    ],
  });
}

/** The Qwen Code provider with its default options. */
export const qwenProvider: Provider = createQwenProvider();

/**
 * `paths` of `.qwen/rules` as Claude's `.claude/rules` read it, except that an empty list or
 * string is no `paths` at all: Qwen Code then loads the rule at session start (its
 * `rulesDiscovery.ts` turns `paths: []` into undefined), where Claude never applies it.
 */
const applyQwenPaths: MapFields = (fields, data, context) => {
  const paths = data.paths;
  if ((Array.isArray(paths) && paths.length === 0) || (typeof paths === "string" && paths.trim() === "")) return fields;
  return applyPathsKey(fields, data, context);
};
