import type { Rule, RulePartition } from "@rulebook/core";

/** A rule as a plain object, the way a provider returns it. */
export function rule(name: string, fields: Partial<Rule> = {}): Rule {
  return {
    name,
    path: `/repo/${name}.md`,
    content: `${name} body`,
    source: { provider: "agents-md", providerName: "AGENTS.md", level: "project" },
    ...fields,
  };
}

/** A partition with only the lists the prompt reads filled in. */
export function partition(parts: Partial<RulePartition>): RulePartition {
  return { ttsr: [], alwaysApply: [], rulebook: [], autoAttach: [], inactive: [], all: [], diagnostics: [], ...parts };
}

/** The monorepo of docs/behaviour.md#the-system-prompt: AGENTS.md at the root and in two packages, plus rules with globs. */
export const monorepo = partition({
  alwaysApply: [
    rule("AGENTS", { alwaysApply: true, content: "Root: use pnpm. Run `pnpm test` before you commit." }),
    rule("packages/web/AGENTS", { alwaysApply: true, content: "Web: React 19, function components only.", scope: "packages/web" }),
    rule("packages/api/AGENTS", { alwaysApply: true, content: "API: every handler validates its input with zod.", scope: "packages/api" }),
    rule("packages/api/src/db/AGENTS", {
      alwaysApply: true,
      content: "DB: migrations only through `pnpm db:migrate`.",
      scope: "packages/api/src/db",
    }),
  ],
  rulebook: [
    rule("testing", { description: "How to write and run tests", globs: ["**/*.test.ts"] }),
    rule("packages/web/react", { description: "React component conventions", globs: ["src/**/*.tsx"], scope: "packages/web" }),
    rule("api-errors", { description: "Error responses", globs: ["packages/api/src/**"] }),
  ],
  autoAttach: [
    rule("packages/api/handlers", { globs: ["src/handlers/**"], scope: "packages/api", content: "Handlers return `Result`, never throw." }),
    rule("css", { globs: ["**/*.css"], content: "Use CSS modules." }),
  ],
  ttsr: [rule("no-console", { condition: ["console\\.log"], content: "TTSR BODY" })],
  inactive: [rule("manual", { content: "INACTIVE BODY" })],
});
