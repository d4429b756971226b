// pnpm hooks for this workspace (https://pnpm.io/pnpmfile).
module.exports = {
  hooks: {
    // A published manifest lists what a user installs. Development dependencies are this
    // repository's business: the CLI's name the private build configuration and every package it
    // bundles, which would only mislead a reader of the published package.json.
    beforePacking(pkg) {
      delete pkg.devDependencies;
      return pkg;
    },
  },
};
