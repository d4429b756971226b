import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { parse } from "yaml";

const root = fileURLToPath(new URL("../../../", import.meta.url));

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface Workflow {
  on?: { push?: { branches?: string[] } };
  permissions?: Record<string, string>;
  jobs?: Record<string, { steps?: Step[] }>;
}

async function rootScripts(): Promise<Record<string, string>> {
  const manifest = JSON.parse(await readFile(`${root}package.json`, "utf8")) as { scripts?: Record<string, string> };
  return manifest.scripts ?? {};
}

it("the release workflow versions through a PR and publishes with provenance through `pnpm release`", async () => {
  const workflow = parse(await readFile(`${root}.github/workflows/release.yml`, "utf8")) as Workflow;
  expect(workflow.on?.push?.branches).toContain("main");
  expect(workflow.permissions?.["id-token"]).toBe("write");
  expect(workflow.permissions?.["pull-requests"]).toBe("write");
  expect(workflow.permissions?.contents).toBe("write");

  const steps = Object.values(workflow.jobs ?? {}).flatMap((job) => job.steps ?? []);
  const install = steps.findIndex((step) => step.run?.includes("pnpm install --frozen-lockfile"));
  const action = steps.findIndex((step) => step.uses?.startsWith("changesets/action@"));
  expect(install).toBeGreaterThanOrEqual(0);
  expect(action).toBeGreaterThan(install);
  const step = steps[action] as Step;
  expect(step.env?.NPM_CONFIG_PROVENANCE).toBe("true");
  expect(String(step.env?.GITHUB_TOKEN)).toContain("secrets.GITHUB_TOKEN");

  // The commands the action runs are the root scripts the README documents.
  const scripts = await rootScripts();
  const publish = String(step.with?.publish);
  const version = String(step.with?.version);
  expect(publish).toBe("pnpm release");
  expect(version).toBe("pnpm version-packages");
  expect(scripts.release).toBe("turbo run build && node .ci/publish.mjs");
  expect(await readFile(`${root}.ci/publish.mjs`, "utf8")).toContain('spawnSync("changeset", ["publish"');
  // First the changeset that releases the CLI with the bundled packages it ships (.ci/bundled-changeset.mjs).
  expect(scripts["version-packages"]).toBe("node .ci/bundled-changeset.mjs && changeset version && node .ci/sync-hook-version.mjs");
});

it("the CI workflow runs .ci/run (and so the registry test) on pull requests and on main, with the history changesets needs", async () => {
  const workflow = parse(await readFile(`${root}.github/workflows/ci.yml`, "utf8")) as Workflow & { on?: { pull_request?: unknown } };
  expect(workflow.on?.push?.branches).toEqual(["main"]);
  expect(workflow.on && "pull_request" in workflow.on).toBe(true);
  const steps = Object.values(workflow.jobs ?? {}).flatMap((job) => job.steps ?? []);
  const checkout = steps.find((s) => s.uses?.startsWith("actions/checkout@"));
  expect(checkout?.with?.["fetch-depth"]).toBe(0);
  const node = steps.find((s) => s.uses?.startsWith("actions/setup-node@"));
  expect(node?.with?.["node-version"]).toBe(20);
  expect(steps.at(-1)?.run).toBe(".ci/run");
});
