import { relative } from "node:path";
import { type FiringReport, type RulebookMetadata, createRulebook } from "@rulebook/ai-sdk";
import { stepCountIs, streamText, wrapLanguageModel } from "ai";
import { chooseModel } from "./choose-model.js";
import { projectTools } from "./project-tools.js";
import { promptWatch } from "./prompt-watch.js";
import { SCRIPTED_TASK } from "./scripted-model.js";

/** What the demo runs on. */
export interface DemoOptions {
  /** The project root and the home folder, absolute. */
  root: string;
  home: string;
  /** Where paths are shown from (the folder the demo was started in). */
  shownFrom: string;
  /** The environment: the model's keys, `RULEBOOK_TRUST`. */
  env: Readonly<Record<string, string | undefined>>;
  /** The user's request; default the task the scripted model plays. */
  prompt?: string;
  /** Milliseconds between the scripted model's parts (0 in tests). */
  delayMs?: number;
  write(text: string): void;
}

/** What the agent ended with. */
export interface DemoResult {
  text: string;
  modelCalls: number;
  metadata?: RulebookMetadata;
}

const SYSTEM =
  "You are a coding agent working in the user's project. Use the tools to look at files before you change them. Answer with the change to make.";

/**
 * Runs one agent turn with `streamText`: the project's rules through `@rulebook/ai-sdk` (prompt,
 * `read_rule`, stream triggers with time travel) and `read_file` / `list_files` confined to the
 * project, printing what the model receives and what the user sees.
 */
export async function runDemo(options: DemoOptions): Promise<DemoResult> {
  const { write } = options;
  const chosen = await chooseModel(options.env, options.delayMs ?? 0);
  const rulebook = await createRulebook({
    cwd: options.root,
    root: options.root,
    home: options.home,
    env: options.env,
    onFiring: (firing) => write(firingLine(firing)),
  });
  try {
    const session = rulebook.current();
    const { partition } = session;
    write(`Model    ${chosen.label}\n`);
    write(`Project  ${shown(options, options.root)}: ${session.trust.trusted ? "trusted" : "not trusted, none of its code runs"}\n`);
    write(
      `Rules    ${partition.all.length} rules: ${partition.alwaysApply.length} always-apply, ${partition.rulebook.length} in the rulebook, ` +
        `${partition.autoAttach.length} auto-attach, ${partition.ttsr.length} stream triggers (${partition.ttsr.map((r) => r.name).join(", ")})\n`,
    );

    let calls = 0;
    let attached = new Set<string>();
    const watch = promptWatch((sent) => {
      calls++;
      const names = new Set([...sent.rules.matchAll(/<attached-rule name="([^"]*)"/g)].map((m) => m[1] as string));
      if (calls === 1) write(`\n━━ The rules part of the system prompt, as the model receives it ━━\n${sent.rules}\n`);
      else if ([...names].some((n) => !attached.has(n)))
        write(`  (from now on the prompt attaches ${[...names].filter((n) => !attached.has(n)).join(", ")}: the conversation named their files)\n`);
      if (sent.reminders.length > 0) {
        const kept =
          sent.continues === undefined ? "nothing shown yet" : `the ${sent.continues.length} characters already shown as the answer so far`;
        write(
          `  │ model call ${calls}: the same prompt with ${sent.reminders.length === 1 ? "the rule as a system reminder" : `${sent.reminders.length} system reminders`}, and ${kept}:\n`,
        );
        write(`${(sent.reminders.at(-1) ?? "").replace(/^/gm, "  │   ")}\n`);
      }
      attached = names;
    });

    const prompt = options.prompt ?? SCRIPTED_TASK;
    write(`\n━━ User ━━\n${prompt}\n`);
    const result = streamText({
      model: wrapLanguageModel({ model: chosen.model, middleware: [rulebook.middleware, watch] }),
      system: SYSTEM,
      prompt,
      tools: { ...projectTools(options.root), ...rulebook.tools },
      stopWhen: stepCountIs(8),
    });
    let atLineStart = true;
    let started = false;
    for await (const part of result.fullStream) {
      if (!started && part.type !== "start" && part.type !== "start-step") {
        started = true;
        write("\n━━ Agent ━━\n");
      }
      if (part.type === "text-delta") {
        write(part.text);
        atLineStart = part.text.endsWith("\n");
      } else if (part.type === "tool-call") {
        write(`${atLineStart ? "" : "\n"}→ ${part.toolName} ${JSON.stringify(part.input)}\n`);
        atLineStart = true;
      } else if (part.type === "tool-result") write(`  ${summary(String(part.output))}\n`);
      else if (part.type === "tool-error") write(`  error: ${summary(String(part.error))}\n`);
      else if (part.type === "error") throw part.error;
    }
    const text = await result.text;
    const steps = await result.steps;
    const metadata = steps.at(-1)?.providerMetadata?.rulebook as RulebookMetadata | undefined;
    write(`${atLineStart ? "" : "\n"}\n━━ Done ━━\n`);
    write(
      `${calls} model calls for ${steps.length} steps; rewinds: ${metadata?.rewinds.map((r) => `${r.rule} (${r.stream}, offset ${r.offset})`).join(", ") || "none"}\n`,
    );
    write(`The answer the user received contains "console.log(": ${text.includes("console.log(") ? "yes" : "no"}\n`);
    return { text, modelCalls: calls, ...(metadata && { metadata }) };
  } finally {
    await rulebook.close();
  }
}

function firingLine(firing: FiringReport): string {
  const what = `rule "${firing.rule}" fired on ${JSON.stringify(firing.match)} (${firing.stream}, offset ${firing.offset})`;
  return firing.action === "rewind"
    ? `  │ ⟲ ${what}: the model's stream is cancelled, the held line dropped unseen, and the model asked again\n`
    : `  │ ${what}: passed through (${firing.reason})\n`;
}

function summary(text: string): string {
  const lines = text.replace(/\n$/, "").split("\n");
  const first = (lines[0] ?? "").slice(0, 100);
  return lines.length > 1 ? `← ${first} … (${lines.length} lines)` : `← ${first}`;
}

function shown(options: DemoOptions, path: string): string {
  return relative(options.shownFrom, path) || ".";
}
