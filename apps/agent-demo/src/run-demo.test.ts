import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { runDemo } from "./run-demo.js";

const example = (path: string) => fileURLToPath(new URL(`../../cli/example/${path}`, import.meta.url));

it("runs the scripted session on the example project with no key: the prompt, a read_rule call, a firing, and a clean answer", async () => {
  let output = "";
  const result = await runDemo({ root: example("proj"), home: example("home"), shownFrom: example(""), env: {}, write: (text) => (output += text) });

  expect(output).toContain("Model    scripted");
  expect(output).toContain("The rules part of the system prompt, as the model receives it");
  expect(output).toContain('<instructions name="AGENTS" file="AGENTS.md">');
  expect(output).toContain('→ read_rule {"name":"rule://personal-snippets"}');
  expect(output).toContain("← When debugging, start by reproducing the failure");
  expect(output).toContain("from now on the prompt attaches react-components");
  expect(output).toContain('⟲ rule "no-console-log" fired on "console.log("');
  expect(output).toContain("Do not write `console.log(...)` in application code");

  expect(result.text).not.toContain("console.log(");
  expect(result.text).toContain('  const { tasks, loading } = useTasks(teamId);\n  logger.debug("tasks loaded", { count: tasks.length });\n');
  expect(result.modelCalls).toBe(5);
  expect(result.metadata?.rewinds).toMatchObject([{ rule: "no-console-log", stream: "text" }]);
});
