import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { writeCursorRules } from "./write.js";

const EXTENSIONS = [".mdc", ".md"] as const;

export { writeCursorRules } from "./write.js";

/** Options of {@link createCursorProvider}. */
export interface CursorProviderOptions {
  /** Default 50. */
  priority?: number;
}

/**
 * Makes the Cursor provider: `.cursor/rules/` at any depth of the project (`.mdc` and `.md`,
 * scoped to the folder that holds `.cursor`), the legacy `.cursorrules` at the project root
 * (the always-applied rule `cursorrules`), then `~/.cursor/rules/` (user).
 */
export function createCursorProvider(options: CursorProviderOptions = {}): Provider {
  return defineProvider({
    id: "cursor",
    displayName: "Cursor",
    priority: options.priority ?? 50,
    write: writeCursorRules,
    sources: ({ root, home }) => [
      { kind: "pattern", folder: ".cursor/rules", extensions: EXTENSIONS, level: "project" },
      { kind: "file", path: join(root, ".cursorrules"), name: "cursorrules", level: "project", activation: "always" },
      { kind: "folder", path: join(home, ".cursor", "rules"), extensions: EXTENSIONS, level: "user" },
      // Cursor's commands (`/name` in chat) are not rules: counted, never read.
      { kind: "not-rules", what: "command", folder: ".cursor/commands", extensions: [".md"] },
    ],
  });
}

/** The Cursor provider with its default options. */
export const cursorProvider: Provider = createCursorProvider();
