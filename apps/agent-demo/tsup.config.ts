import { packageBuild } from "@rulebook/build-config/tsup";

// An app, run from the repository: one entry, no declarations. Its packages are devDependencies
// (a private app is not released), which tsup would otherwise bundle: the AI SDK's CommonJS
// parts then fail at start ("Dynamic require of path"). They are loaded from node_modules instead.
export default packageBuild(["src/main.ts"], { dts: false, skipNodeModulesBundle: true });
