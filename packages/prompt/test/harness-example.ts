import { createRegistry, partitionRules } from "@rulebook/core";
import { nativeProvider } from "@rulebook/provider-native";
import { buildSystemPrompt, rulesForFiles } from "../src/index.js";

/** Loads a project's rules and builds the rules part of the system prompt for the files in play. */
export async function systemRules(root: string, home: string, files: string[]) {
  const registry = createRegistry([nativeProvider]);
  const { rules, diagnostics } = await registry.load({ cwd: root, home });
  const partition = partitionRules(rules);

  const prompt = buildSystemPrompt({ partition, root, files, maxTokens: 2_000 });
  for (const { address, tokens } of prompt.omitted) console.warn(`left out ${address} (${tokens} tokens)`);

  const { union } = rulesForFiles({ partition, root, files });
  const why = union.map((r) => `${r.name}: ${r.reason}`);
  return { system: prompt.text, tokens: prompt.tokens, why, diagnostics };
}
