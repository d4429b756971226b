// The `yaml` package as one file, dist/yaml.js, which the bin runs with its own code cache
// (dist/yaml.cache) the first time the core needs it: frontmatter its fast path cannot read.
// From node_modules it is 74 files, each resolved, read and compiled without a cache, ~50 ms.
// The build replaces this file's import with the package's own entry (tsup.config.ts).
export * from "yaml";
