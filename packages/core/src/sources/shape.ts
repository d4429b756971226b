import { errorText } from "../text/error-text.js";
import { copyKeys, optionsProblem, show } from "./checks.js";
import { SOURCE_KINDS, kindNamed } from "./table.js";
import type { RuleSourceSpec } from "./types.js";

const ALL_KINDS = Object.keys(SOURCE_KINDS);
/** The keys of every source that reads files. */
const OPTION_KEYS = ["level", "activation", "mapFields", "modes", "imports"];

type Read = { source: RuleSourceSpec } | { problem: string };

/**
 * A plain copy of a source a provider declared, or why it is not one (docs/behaviour.md,
 * "Sources"). Every field is read once, so a throwing getter or a Proxy is a reason, not a crash.
 */
export function readSourceSpec(value: unknown, kinds: readonly string[] = ALL_KINDS): Read {
  if (typeof value !== "object" || value === null) return { problem: `a source that is ${value === null ? "null" : typeof value}` };
  let copy: Record<string, unknown>;
  let problem: string | undefined;
  try {
    const name = (value as Record<string, unknown>).kind;
    const kind = kinds.includes(name as string) ? kindNamed(name) : undefined;
    if (kind === undefined) return { problem: `a source of unknown kind ${show(name)}` };
    copy = copyKeys(value, ["kind", ...(kind.readsFiles ? OPTION_KEYS : []), ...kind.keys]);
    problem = (kind.readsFiles ? optionsProblem(copy) : undefined) ?? kind.problem(copy, readSourceSpec);
  } catch (error) {
    return { problem: `a source whose fields cannot be read (${errorText(error)})` };
  }
  return problem === undefined ? { source: copy as unknown as RuleSourceSpec } : { problem: `a ${copy.kind} source ${problem}` };
}
