import { packageBuild } from "@rulebook/build-config/tsup";

// The CLI is bundled into one file (dependencies included) so start-up reads one module.
export default packageBuild(["src/cli.ts"], {
  dts: false,
  noExternal: [/.*/],
  // The stream-trigger engine is a separate chunk, loaded only when a rule has a trigger.
  splitting: true,
  // commander is CommonJS: give the bundle a real `require` for its node: built-ins.
  banner: {
    js: '#!/usr/bin/env node\nimport { createRequire as __rulebookCreateRequire } from "node:module";\nconst require = __rulebookCreateRequire(import.meta.url);',
  },
});
