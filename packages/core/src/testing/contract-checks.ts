import { constants } from "node:fs";
import { access } from "node:fs/promises";
import { join } from "node:path";
import { type Provider, SUPPORTED_SPECIFICATION_VERSIONS, assertProviderShape } from "../provider.js";
import { errorText } from "../scan.js";
import { type ContractFile, GOOD_FILES, HOSTILE_FILES } from "./contract-files.js";
import { type ContractSetup, callLoad, placeFiles, remappedFs, virtualFolder } from "./contract-setup.js";
import { fixturePath, isInside, resultProblems } from "./contract-validate.js";
import { sourcesSetup } from "./contract-sources.js";
import { createTempProject } from "./temp-project.js";

/** Options of the provider contract suite. */
export interface ProviderContractOptions {
  /**
   * Places the suite's rule files where the provider looks, in the temp project and in the
   * temp home. Without it, the checks that need files on disk are skipped.
   */
  setup?: ContractSetup;
  /** Diagnostic codes the provider may emit without a `path` (say, a configuration warning). */
  pathlessCodes?: readonly string[];
}

/** One check of the contract: a name, and a run that resolves to the problems found (none = pass). */
export interface ContractCheck {
  name: string;
  /** True when the check needs `options.setup`. */
  needsSetup: boolean;
  run(): Promise<string[]>;
}

const ID = /^[a-z0-9][a-z0-9._-]*$/;
const MIXED_FILES: Readonly<Record<string, ContractFile>> = { ...GOOD_FILES, ...HOSTILE_FILES };

/** The checks a provider must pass (see `runProviderContract`), usable with any test runner. */
export function providerContractChecks(provider: Provider, options: ProviderContractOptions = {}): ContractCheck[] {
  const setup = contractSetup(provider, options) ?? (() => undefined);
  const pathless = new Set(options.pathlessCodes ?? []);
  const check = (name: string, run: () => Promise<string[]> | string[], needsSetup = false): ContractCheck => ({
    name,
    needsSetup,
    run: async () => run(),
  });

  return [
    check("is a well-formed provider", () => {
      const problems: string[] = [];
      try {
        assertProviderShape(provider);
      } catch (error) {
        problems.push(errorText(error));
      }
      if (!(SUPPORTED_SPECIFICATION_VERSIONS as readonly unknown[]).includes(provider?.specificationVersion)) {
        problems.push(`specificationVersion is ${JSON.stringify(provider?.specificationVersion)}: make it with defineProvider()`);
      }
      return problems;
    }),
    check("has a finite priority", () =>
      typeof provider?.priority === "number" && Number.isFinite(provider.priority)
        ? []
        : [`priority is ${String(provider?.priority)}`],
    ),
    check("has a lower-case id and a display name", () => [
      ...(typeof provider?.id === "string" && ID.test(provider.id)
        ? []
        : [`id ${JSON.stringify(provider?.id)} should be lower-case letters, digits, ".", "_" or "-"`]),
      ...(typeof provider?.displayName === "string" && provider.displayName.trim() !== ""
        ? []
        : ["displayName should be a non-empty string"]),
    ]),
    check("finds nothing and reports nothing in an empty project and home", async () => {
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
    }),
    check("resolves when cwd and home do not exist", async () => {
      const project = await createTempProject({ prefix: "rulebook-contract-" });
      try {
        const missing = { cwd: join(project.root, "gone", "proj"), home: join(project.root, "gone", "home") };
        const outcome = await callLoad(provider, missing);
        if (!outcome.ok) return [outcome.problem];
        return [...resultProblems(provider, outcome.result), ...outcome.result.rules.map((r) => `found rule "${r.name}" in a missing folder`)];
      } finally {
        await project.cleanup();
      }
    }),
    check(
      "finds every rule its setup places, each with its id, an absolute path and a name",
      () => withPlaced(setup, GOOD_FILES, async ({ project, placed }) => {
        const outcome = await callLoad(provider, project);
        if (!outcome.ok) return [outcome.problem];
        const { rules, diagnostics } = outcome.result;
        const problems = resultProblems(provider, outcome.result);
        if (rules.length === 0) problems.push("setup placed rule files but load found none: does setup write where the provider looks?");
        const found = new Set(rules.map((r) => r.path));
        for (const [path, file] of placed) if (file.rule && !found.has(path)) problems.push(`no rule for ${path}`);
        for (const d of diagnostics) if (d.severity === "error") problems.push(`valid files gave an error: ${JSON.stringify(d)}`);
        return problems;
      }),
      true,
    ),
    check(
      "gives each rule the level of the folder it comes from",
      () => withPlaced(setup, GOOD_FILES, async ({ project }) => {
        const outcome = await callLoad(provider, project);
        if (!outcome.ok) return [outcome.problem];
        return outcome.result.rules.flatMap((r) => {
          const expected = isInside(r.path, project.home) ? "user" : isInside(r.path, project.cwd) ? "project" : undefined;
          return expected && r.source?.level !== expected ? [`rule "${r.name}" (${r.path}) has level ${r.source?.level}, expected ${expected}`] : [];
        });
      }),
      true,
    ),
    check(
      "never throws on hostile files, and reports each one with its path",
      () => withPlaced(setup, MIXED_FILES, async ({ project, placed }) => {
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
      }),
      true,
    ),
    check(
      "returns the same order on every load, whatever order the files were written in",
      () => withPlaced(setup, MIXED_FILES, (a) => withPlaced(setup, MIXED_FILES, async (b) => {
        const summaries: string[][] = [];
        for (const { project } of [a, a, b]) {
          const outcome = await callLoad(provider, project);
          if (!outcome.ok) return [outcome.problem];
          const { rules, diagnostics } = outcome.result;
          summaries.push([
            ...rules.map((r) => `rule ${r.name} ${fixturePath(r.path, project)}`),
            ...diagnostics.map((d) => `diagnostic ${d.code} ${d.path === undefined ? "" : fixturePath(d.path, project)}`),
          ]);
        }
        const [first, again, reversed] = summaries.map((s) => s.join("\n"));
        const problems: string[] = [];
        if (again !== first) problems.push(`two loads of one project differ:\n${first}\n---\n${again}`);
        if (reversed !== first) problems.push(`files written in reverse order load differently:\n${first}\n---\n${reversed}`);
        return problems;
      }, "reverse")),
      true,
    ),
    check(
      "reads files through ctx.fs",
      () => withPlaced(setup, GOOD_FILES, async ({ project }) => {
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
      }),
      true,
    ),
  ];
}

async function withPlaced<T>(
  setup: ContractSetup,
  files: Readonly<Record<string, ContractFile>>,
  fn: (placed: Awaited<ReturnType<typeof placeFiles>>) => Promise<T>,
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

/** The setup the suite uses: the provider's own, else one read from its `sources()`. */
export function contractSetup(provider: Provider, options: ProviderContractOptions): ContractSetup | undefined {
  if (options.setup) return options.setup;
  return typeof provider?.sources === "function" ? sourcesSetup(provider) : undefined;
}
