import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const main = fileURLToPath(new URL("../dist/main.js", import.meta.url));

// What `pnpm agent-demo` runs: the built app, as a process, with no key in its environment.
it("runs as built, on the scripted model, and the answer it prints is clean", () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/_API_KEY$/.test(key)));
  const run = spawnSync(process.execPath, [main], { encoding: "utf8", env: { ...env, NO_COLOR: "1" } });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
  expect(run.stdout).toContain("Model    scripted");
  expect(run.stdout).toContain('The answer the user received contains "console.log(": no');
});
