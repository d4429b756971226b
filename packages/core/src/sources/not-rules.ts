import { extensionsProblem, isCleanRelative, show } from "./checks.js";
import type { NotRulesFound, PatternSource, SourceKind } from "./kind.js";
import type { NotRulesSource } from "./types.js";

const WHAT = ["skill", "command", "subagent"];

/**
 * The `not-rules` kind: a tool's skills, commands or subagents at any depth of the project
 * (docs/behaviour.md#providers). The walk reaches their folder like a pattern folder's; the
 * source stands for no rules and only counts the files it finds, for the load's one info line.
 */
export const notRulesKind: SourceKind<NotRulesSource> = {
  name: "not-rules",
  readsFiles: false,
  keys: ["what", "folder", "file", "extensions"],
  problem(s) {
    if (!WHAT.includes(s.what as string)) return `whose what is ${show(s.what)}`;
    if (typeof s.folder !== "string" || !isCleanRelative(s.folder)) return `whose folder ${show(s.folder)} is not a clean relative path`;
    if ((s.file === undefined) === (s.extensions === undefined)) return "that names neither or both of a file and extensions";
    if (s.file !== undefined)
      return typeof s.file === "string" && s.file !== "" && !s.file.includes("/") ? undefined : `whose file ${show(s.file)} is not a file name`;
    return extensionsProblem(s.extensions);
  },
  expand: (source, where) => ({ sources: [], diagnostics: [], notRules: [found(source, where.walked)] }),
  patterns: (source): PatternSource[] => [{ kind: "pattern", folder: source.folder, extensions: extensionsOf(source), level: "project" }],
  place: () => [],
};

function extensionsOf(source: NotRulesSource): readonly string[] {
  if (source.extensions) return source.extensions;
  const file = source.file ?? "";
  const dot = file.lastIndexOf(".");
  return [dot > 0 ? file.slice(dot) : file];
}

/** The walked files under the source's folder (at any depth, not inside another hidden folder) that it counts. */
function found(source: NotRulesSource, walked: readonly string[]): NotRulesFound {
  const marker = `${source.folder}/`;
  const slashMarker = `/${marker}`;
  const files: string[] = [];
  // Every source reads every walked path, mostly before the JIT has optimised this loop: an
  // indexed loop (no iterator result per path) and the strings it tests with made once.
  for (let i = 0; i < walked.length; i++) {
    const rel = walked[i] as string;
    const at = rel.startsWith(marker) ? 0 : rel.indexOf(slashMarker) + 1;
    if (at === 0 && !rel.startsWith(marker)) continue;
    // `packages/web/.claude/commands/x.md` counts; a copy under another hidden folder does not.
    if (
      rel
        .slice(0, at)
        .split("/")
        .some((segment) => segment.startsWith("."))
    )
      continue;
    const name = rel.slice(rel.lastIndexOf("/") + 1);
    const counts = source.file !== undefined ? name === source.file : (source.extensions ?? []).some((e) => name.endsWith(e));
    if (counts) files.push(rel);
  }
  return { what: source.what, folder: source.folder, files };
}
