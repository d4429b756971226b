import { packageBuild } from "@rulebook/build-config/tsup";

// The CLI is bundled (workspace packages and commander included) so start-up reads few modules.
export default packageBuild(["src/cli.ts", "src/token-worker.ts"], {
  dts: false,
  // Everything is bundled but this package's runtime dependencies: yaml and picomatch (the
  // core requires them lazily, on first use, so they stay out of start-up), lilconfig, and
  // gpt-tokenizer (imported only when tokens are counted; its tables are large).
  noExternal: [/^(?!(yaml|picomatch|lilconfig|gpt-tokenizer)(\/|$))/],
  external: ["yaml", "picomatch", "lilconfig", /^gpt-tokenizer(\/|$)/],
  // The stream-trigger engine is a separate chunk, loaded only when a rule has a trigger.
  splitting: true,
  // commander is CommonJS: give the bundle a real `require` for its node: built-ins.
  banner: {
    js: '#!/usr/bin/env node\nimport { createRequire as __rulebookCreateRequire } from "node:module";\nconst require = __rulebookCreateRequire(import.meta.url);',
  },
});
