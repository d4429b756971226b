import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runProviderContract } from "@rulebook/core/testing/vitest";
import { opencodeProvider } from "./index.js";

// What OpenCode reads depends on what a configuration lists: the setup writes the list, then the
// files it names (a glob in the project; in home, each file by its ~/ path, as OpenCode globs only
// the last segment of such a path).
runProviderContract(opencodeProvider, {
  setup: async (t) => {
    const project = t.level === "project";
    const folder = project ? "rules" : ".config/opencode/rules";
    const instructions = project
      ? ["rules/**/*.md"]
      : Object.keys(t.files)
          .sort()
          .map((name) => `~/${folder}/${name}.md`);
    const config = join(t.root, project ? "opencode.json" : ".config/opencode/opencode.json");
    await mkdir(join(config, ".."), { recursive: true });
    await writeFile(config, JSON.stringify({ $schema: "https://opencode.ai/config.json", instructions }, null, 2));
    await t.writeInto(folder, ".md");
  },
});
