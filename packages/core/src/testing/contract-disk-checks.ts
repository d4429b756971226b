import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { join } from "node:path";
import type { Provider } from "../provider/provider.js";
import { type ContractFile, GOOD_FILES, HOSTILE_FILES } from "./contract-files.js";
import { type ContractSetup, type PlacedProject, callLoad, placeFiles, remappedFs, virtualFolder } from "./contract-setup.js";
import { fixturePath, isInside, resultProblems } from "./contract-validate.js";
import { createTempProject } from "./temp-project.js";

/** What an on-disk check works with: the provider, how to place files, and the codes allowed without a path. */
export interface DiskCheckSubject {
  provider: Provider;
  setup: ContractSetup;
  pathless: ReadonlySet<string>;
}

const MIXED_FILES: Readonly<Record<string, ContractFile>> = { ...GOOD_FILES, ...HOSTILE_FILES };

/** An empty project and home give no rule and no diagnostic. */
export async function checkEmptyProject({ provider }: DiskCheckSubject): Promise<string[]> {
  const project = await createTempProject({ prefix: "rulebook-contract-" });
  try {
    const outcome = await callLoad(provider, project);
    if (!outcome.ok) return [outcome.problem];
    const { rules, diagnostics } = outcome.result;
    return [
      ...rules.map((r) => `found rule "${r.name}" (${r.path}) in an empty project`),
      ...diagnostics.map((d) => `reported ${JSON.stringify(d)} in an empty project`),
    ];
  } finally {
    await project.cleanup();
  }
}

/** A load whose cwd and home do not exist resolves, with no rule. */
export async function checkMissingFolders({ provider }: DiskCheckSubject): Promise<string[]> {
  const project = await createTempProject({ prefix: "rulebook-contract-" });
  try {
    const missing = { cwd: join(project.root, "gone", "proj"), home: join(project.root, "gone", "home") };
    const outcome = await callLoad(provider, missing);
    if (!outcome.ok) return [outcome.problem];
    return [...resultProblems(provider, outcome.result), ...outcome.result.rules.map((r) => `found rule "${r.name}" in a missing folder`)];
  } finally {
    await project.cleanup();
  }
}

/** Every good file the setup places comes back as a rule, well-formed, without error diagnostics. */
export function checkFindsPlacedRules({ provider, setup }: DiskCheckSubject): Promise<string[]> {
  return withPlaced(setup, GOOD_FILES, async ({ project, placed }) => {
    const outcome = await callLoad(provider, project);
    if (!outcome.ok) return [outcome.problem];
    const { rules, diagnostics } = outcome.result;
    const problems = resultProblems(provider, outcome.result);
    if (rules.length === 0) problems.push("setup placed rule files but load found none: does setup write where the provider looks?");
    const found = new Set(rules.map((r) => r.path));
    for (const [path, file] of placed) if (file.rule && !found.has(path)) problems.push(`no rule for ${path}`);
    for (const d of diagnostics) if (d.severity === "error") problems.push(`valid files gave an error: ${JSON.stringify(d)}`);
    return problems;
  });
}

/** Rules under home are user rules, rules under the project are project rules. */
export function checkLevels({ provider, setup }: DiskCheckSubject): Promise<string[]> {
  return withPlaced(setup, GOOD_FILES, async ({ project }) => {
    const outcome = await callLoad(provider, project);
    if (!outcome.ok) return [outcome.problem];
    return outcome.result.rules.flatMap((r) => {
      const expected = isInside(r.path, project.home) ? "user" : isInside(r.path, project.cwd) ? "project" : undefined;
      return expected && r.source?.level !== expected ? [`rule "${r.name}" (${r.path}) has level ${r.source?.level}, expected ${expected}`] : [];
    });
  });
}

/** Hostile files never make the load fail, never lose a good rule, and are each reported with their path. */
export function checkHostileFiles({ provider, setup, pathless }: DiskCheckSubject): Promise<string[]> {
  return withPlaced(setup, MIXED_FILES, async ({ project, placed }) => {
    const outcome = await callLoad(provider, project);
    if (!outcome.ok) return [outcome.problem];
    const { rules, diagnostics } = outcome.result;
    const problems = resultProblems(provider, outcome.result);
    for (const d of diagnostics) {
      if (d.path === undefined && !pathless.has(d.code)) problems.push(`diagnostic without a path: ${JSON.stringify(d)}`);
    }
    const reported = new Set(diagnostics.map((d) => d.path));
    const found = new Set(rules.map((r) => r.path));
    for (const [path, file] of placed) {
      if (file.rule && !found.has(path)) problems.push(`the good rule ${path} was lost next to hostile files`);
      if (!file.reported || reported.has(path)) continue;
      if (typeof file.content === "object" && "kind" in file.content && file.content.kind === "unreadable" && (await isReadable(path))) continue;
      problems.push(`no diagnostic carries the path ${path}`);
    }
    return problems;
  });
}

/** Two loads of one project, and a project whose files were written in reverse order, give the same list. */
export function checkStableOrder({ provider, setup }: DiskCheckSubject): Promise<string[]> {
  return withPlaced(setup, MIXED_FILES, (a) =>
    withPlaced(
      setup,
      MIXED_FILES,
      async (b) => {
        const summaries: string[] = [];
        for (const { project } of [a, a, b]) {
          const outcome = await callLoad(provider, project);
          if (!outcome.ok) return [outcome.problem];
          const { rules, diagnostics } = outcome.result;
          summaries.push(
            [
              ...rules.map((r) => `rule ${r.name} ${fixturePath(r.path, project)}`),
              ...diagnostics.map((d) => `diagnostic ${d.code} ${d.path === undefined ? "" : fixturePath(d.path, project)}`),
            ].join("\n"),
          );
        }
        const [first, again, reversed] = summaries;
        const problems: string[] = [];
        if (again !== first) problems.push(`two loads of one project differ:\n${first}\n---\n${again}`);
        if (reversed !== first) problems.push(`files written in reverse order load differently:\n${first}\n---\n${reversed}`);
        return problems;
      },
      "reverse",
    ),
  );
}

/** The provider finds the same rules when the files are only reachable through an injected `ctx.fs`. */
export function checkReadsThroughFs({ provider, setup }: DiskCheckSubject): Promise<string[]> {
  return withPlaced(setup, GOOD_FILES, async ({ project }) => {
    const real = await callLoad(provider, project);
    if (!real.ok) return [real.problem];
    if (real.result.rules.length === 0) return [];
    const base = virtualFolder(project.root);
    const where = { cwd: join(base, "proj"), home: join(base, "home") };
    const virtual = await callLoad(provider, where, remappedFs(base, project.root));
    if (!virtual.ok) return [virtual.problem];
    const want = real.result.rules.map((r) => fixturePath(r.path, project)).join("\n");
    const got = virtual.result.rules.map((r) => fixturePath(r.path, where)).join("\n");
    return got === want ? [] : [`with an injected ctx.fs the provider found:\n${got || "(nothing)"}\ninstead of:\n${want}`];
  });
}

async function withPlaced<T>(
  setup: ContractSetup,
  files: Readonly<Record<string, ContractFile>>,
  fn: (placed: PlacedProject) => Promise<T>,
  order: "forward" | "reverse" = "forward",
): Promise<T> {
  const placed = await placeFiles(setup, files, order);
  try {
    return await fn(placed);
  } finally {
    await placed.project.cleanup();
  }
}

async function isReadable(path: string): Promise<boolean> {
  return access(path, constants.R_OK).then(
    () => true,
    () => false,
  );
}
