import { describeValue } from "../text/describe-value.js";
import { errorText } from "../text/error-text.js";

/**
 * What is wrong with a value passed as a {@link Rule} by a library host (not read by the
 * loader, which validates every rule), or undefined when it has the shape the partition and
 * the prompt rely on. Never throws: a throwing getter or Proxy is itself the problem.
 */
export function ruleShapeProblem(value: unknown): string | undefined {
  try {
    if (typeof value !== "object" || value === null) return `it is ${describeValue(value)}, not a rule`;
    const rule = value as Record<string, unknown>;
    if (typeof rule.name !== "string" || rule.name.trim() === "") return `its name is ${describeValue(rule.name)}`;
    if (typeof rule.path !== "string") return `its path is ${describeValue(rule.path)}`;
    if (typeof rule.content !== "string") return `its content is ${describeValue(rule.content)}`;
    const source = rule.source as Record<string, unknown> | null | undefined;
    if (typeof source !== "object" || source === null) return `its source is ${describeValue(source)}`;
    if (typeof source.provider !== "string") return `its source.provider is ${describeValue(source.provider)}`;
    if (rule.description !== undefined && typeof rule.description !== "string") return `its description is ${describeValue(rule.description)}`;
    if (rule.alwaysApply !== undefined && typeof rule.alwaysApply !== "boolean") return `its alwaysApply is ${describeValue(rule.alwaysApply)}`;
    if (rule.scope !== undefined && typeof rule.scope !== "string") return `its scope is ${describeValue(rule.scope)}`;
    return listProblem("globs", rule.globs) ?? listProblem("condition", rule.condition) ?? listProblem("modes", rule.modes);
  } catch (error) {
    return `its fields cannot be read (${errorText(error)})`;
  }
}

function listProblem(key: string, list: unknown): string | undefined {
  if (list === undefined) return undefined;
  if (!Array.isArray(list)) return `its ${key} is ${describeValue(list)}, not a list of strings`;
  for (let i = 0; i < list.length; i++) {
    if (typeof list[i] !== "string") return `its ${key} holds ${describeValue(list[i])}, not only strings`;
  }
  return undefined;
}
