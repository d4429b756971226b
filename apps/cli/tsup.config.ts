import { packageBuild } from "@rulebook/build-config/tsup";

// The CLI is bundled (workspace packages and commander included) so start-up reads few modules.
export default packageBuild(["src/cli.ts"], {
  dts: false,
  // Everything is bundled but this package's runtime dependencies: yaml (the core requires it
  // lazily, on first use), picomatch (tinyglobby's and fdir's matcher, bundled here with the
  // core's walk, which imports it at run time) and lilconfig.
  // gpt-tokenizer is only the build-time source of dist/o200k.bin (and the counter of a run
  // from the sources before a build), never loaded by the built app.
  noExternal: [/^(?!(yaml|picomatch|lilconfig|gpt-tokenizer)(\/|$))/],
  external: ["yaml", "picomatch", "lilconfig", /^gpt-tokenizer(\/|$)/],
  // The stream-trigger engine is a separate chunk, loaded only when a rule has a trigger.
  splitting: true,
  // commander is CommonJS: give the bundle a real `require` for its node: built-ins.
  // The o200k token table the counter reads (src/o200k.ts), written after each build.
  onSuccess: "node scripts/o200k-table.js",
  banner: {
    js: '#!/usr/bin/env node\nimport { createRequire as __rulebookCreateRequire } from "node:module";\nconst require = __rulebookCreateRequire(import.meta.url);',
  },
});
