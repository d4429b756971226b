// `pnpm agent-demo` (from the repository root) or `node apps/agent-demo/dist/main.js [options]`.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { runDemo } from "./run-demo.js";

const USAGE = `Usage: agent-demo [--root DIR] [--home DIR] [--prompt TEXT] [--delay-ms N]

Runs a small coding agent (AI SDK streamText) on a project's rules with @rulebook/ai-sdk.
Default: the CLI's example project (apps/cli/example) on a scripted model, no key, no network.
With OPENAI_API_KEY or ANTHROPIC_API_KEY set it uses that provider (AGENT_DEMO_MODEL picks the model).
`;

const example = (path: string) => fileURLToPath(new URL(`../../cli/example/${path}`, import.meta.url));

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      root: { type: "string" },
      home: { type: "string" },
      prompt: { type: "string" },
      "delay-ms": { type: "string", default: "3" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const delayMs = Number(values["delay-ms"]);
  if (!Number.isSafeInteger(delayMs) || delayMs < 0) throw new Error(`--delay-ms must be a whole number, got ${values["delay-ms"]}`);
  const base = process.cwd();
  await runDemo({
    root: values.root === undefined ? example("proj") : resolve(base, values.root),
    home: values.home === undefined ? example("home") : resolve(base, values.home),
    shownFrom: base,
    env: process.env,
    ...(values.prompt !== undefined && { prompt: values.prompt }),
    delayMs,
    write: (text) => process.stdout.write(text),
  });
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`agent-demo: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
