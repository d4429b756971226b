import type { Rule } from "@rulebook/core";

/** A project rule of the native provider with the given trigger patterns. */
export function triggerRule(name: string, condition: string[], extra: Partial<Rule> = {}): Rule {
  return {
    name,
    path: `/proj/.xcsh/rules/${name}.md`,
    content: `Content of ${name}.`,
    condition,
    source: { provider: "native", providerName: "Native", level: "project" },
    ...extra,
  };
}
