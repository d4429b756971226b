import { packageBuild } from "@rulebook/build-config/tsup";

// The providers' versions are read from their package.json with an import attribute
// (`with { type: "json" }`, Node 20.10 and later: the package's engines). esbuild's table for
// "node20" would drop the attribute and the Rollup tree-shaking pass would write the deprecated
// `assert`; this package is a list, with nothing to shake.
export default packageBuild(["src/index.ts", "src/register.ts"], {
  treeshake: false,
  esbuildOptions(options) {
    options.supported = { ...options.supported, "import-attributes": true };
  },
});
