/** Frontmatter metadata: the parsed keys, with kebab-case keys also under their camelCase name. */
export type FrontmatterData = Record<string, unknown>;
