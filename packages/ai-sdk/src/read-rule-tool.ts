import { type RulePartition, resolveRuleUrl, ruleUrlOf } from "@rulebook/core";
import { type Tool, jsonSchema, tool } from "ai";

/** What the model passes to `read_rule`. */
export interface ReadRuleInput {
  /** `rule://<name>`, or the bare name. */
  name: string;
}

/**
 * A rule's content as `rulebook read rule://<name>` prints it (docs/behaviour.md#rule): a bare name
 * is read as `rule://<name>`; the name is matched as written, then percent-decoded. An unknown
 * name throws the core's `RuleUrlError`, whose message names it and lists the rules there are.
 */
export function readRule(partition: RulePartition, name: string): string {
  return resolveRuleUrl(ruleUrlOf(name), partition).content;
}

/**
 * The `read_rule` tool: the model reads a rule the `# Rules` section of its system prompt lists
 * (or any rule by name). `partition` is asked at every call, so a reload is seen. An unknown name
 * is a tool error the model reads, listing the names.
 */
export function createReadRuleTool(partition: () => RulePartition): Tool<ReadRuleInput, string> {
  return tool({
    description:
      "Read one of this project's rules in full, by name: `rule://<name>` or just `<name>`, as the # Rules section of the system prompt lists them. " +
      "Read a rule before working in the domain it describes.",
    inputSchema: jsonSchema<ReadRuleInput>(
      {
        type: "object",
        properties: { name: { type: "string", description: "The rule's address, rule://<name>, or its bare name" } },
        required: ["name"],
        additionalProperties: false,
      },
      {
        validate: (value) =>
          typeof value === "object" && value !== null && typeof (value as { name?: unknown }).name === "string"
            ? { success: true, value: { name: (value as { name: string }).name } }
            : { success: false, error: new TypeError('read_rule takes { "name": string }') },
      },
    ),
    execute: async ({ name }) => readRule(partition(), name),
  });
}
