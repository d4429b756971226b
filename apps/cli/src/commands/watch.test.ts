import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, writeTree } from "../../test/helpers.js";

// A child process watching real files on a busy machine: generous limits, no sleeps.
const SLOW = 60_000;

const project = writeTree({
  "proj/.git/HEAD": "ref: refs/heads/main\n",
  "proj/.cursor/rules/style.mdc": "---\ndescription: House style\n---\nShort functions.\n",
});
const proj = join(project.root, "proj");

/** A running `rulebook watch`, with its output so far and a way to wait for more. */
interface Watching {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  /** Resolves once stdout (or stderr) holds `text`. */
  until(text: string, stream?: "stdout" | "stderr"): Promise<void>;
  exit: Promise<number | null>;
}

const running: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

async function startWatch(args: string[]): Promise<Watching> {
  const child = spawn(process.execPath, [CLI, "watch", ...args, "--cwd", proj, "--home", project.home], { env: { ...process.env, NO_COLOR: "1" } });
  running.push(child);
  const out = { stdout: "", stderr: "" };
  const waiters: Array<() => void> = [];
  for (const stream of ["stdout", "stderr"] as const) {
    child[stream].on("data", (chunk: Buffer) => {
      out[stream] += chunk.toString();
      for (const wake of waiters.splice(0)) wake();
    });
  }
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const watching: Watching = {
    child,
    stdout: () => out.stdout,
    exit,
    async until(text, stream = "stdout") {
      while (!out[stream].includes(text)) {
        const more = new Promise<void>((resolve) => waiters.push(resolve));
        const ended = exit.then((code) => {
          throw new Error(`rulebook watch exited (${code}) before printing ${JSON.stringify(text)}:\n${out.stderr}`);
        });
        await Promise.race([more, ended]);
      }
    },
  };
  await watching.until("watching for changes", "stderr");
  return watching;
}

describe("rulebook watch", { timeout: SLOW }, () => {
  it("--json prints one line per change, and SIGTERM stops it with exit code 0", async () => {
    const watch = await startWatch(["--json"]);
    writeFileSync(join(proj, ".cursor/rules/naming.mdc"), "---\ndescription: Naming\n---\nSay what things are.\n");
    await watch.until("\n");
    const [first] = watch.stdout().trim().split("\n");
    expect(JSON.parse(first ?? "")).toEqual({ added: ["naming"], removed: [], changed: [], diagnostics: [] });

    rmSync(join(proj, ".cursor/rules/naming.mdc"));
    await watch.until('"removed":["naming"]');
    watch.child.kill("SIGTERM");
    expect(await watch.exit).toBe(0);
  });

  it("prints added, changed and removed rules for people, and new problems; SIGINT stops it with exit code 0", async () => {
    const watch = await startWatch([]);
    mkdirSync(join(proj, "packages/web/.cursor/rules"), { recursive: true });
    writeFileSync(join(proj, "packages/web/.cursor/rules/react.mdc"), "---\nglobs: src/**/*.tsx\n---\nFunction components.\n");
    await watch.until("+ packages/web/react  [auto-attach]");
    writeFileSync(join(proj, ".cursor/rules/style.mdc"), "---\ndescription: House style\nalwaysApply: yes please\n---\nShorter functions.\n");
    await watch.until("~ style");
    await watch.until("always-apply-not-boolean");
    watch.child.kill("SIGINT");
    expect(await watch.exit).toBe(0);
  });
});
