import type { Rule } from "../rule/types.js";

const source = { provider: "sample", providerName: "Sample", level: "project" } as const;
const rule = (name: string, content: string, fields: Partial<Rule> = {}): Rule => ({ name, path: `/proj/${name}.md`, content, source, ...fields });

/**
 * Rules of every shape an export meets: always, auto-attach with globs, read on demand by
 * description, manual, a nested scope, a mode rule, a stream trigger, a user rule, and names
 * and bodies that break naive frontmatter or file names.
 */
export const EXPORT_SAMPLE_RULES: readonly Rule[] = [
  rule("always", "Use pnpm, never npm.", { alwaysApply: true }),
  rule("always-described", "Write tests first.", { alwaysApply: true, description: "Testing policy" }),
  rule("typescript", "Prefer `unknown` to `any`.", { globs: ["**/*.ts", "**/*.tsx"] }),
  rule("src-only", "Keep modules small.", { globs: ["src/**/*.ts"] }),
  rule("release", "Follow RELEASING.md step by step.", { description: "How to cut a release" }),
  rule("manual", "Only when asked: the old migration notes."),
  rule("packages/web/react", "Hooks at the top level only.", { scope: "packages/web", globs: ["**/*.tsx"] }),
  rule("packages/api/always", "Return problem+json errors.", { scope: "packages/api", alwaysApply: true }),
  rule("rules-architect/design", "Draw the module graph first.", { alwaysApply: true, modes: ["architect"] }),
  rule("secrets", "Never print tokens.", { alwaysApply: true, condition: ["(?i)api[_-]?key"] }),
  rule("~/mine", "My personal rule.", { alwaysApply: true, source: { ...source, level: "user" } }),
  rule("hostile-frontmatter", '---\nalwaysApply: false\n---\n# Still the body: "quotes", #hash, key: value', {
    description: 'Quotes " and \\ backslash, then a colon: and # hash',
    alwaysApply: true,
  }),
  rule("bad:name*?", "A name with characters no file system takes.", { alwaysApply: true }),
  rule("zero\u200bwidth", "A name with a zero-width space.", { alwaysApply: true }),
];
