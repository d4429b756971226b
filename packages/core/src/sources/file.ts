import { createDiagnostic } from "../rule/diagnostics.js";
import { settle } from "../support/maybe-promise.js";
import { errorText } from "../text/error-text.js";
import { absoluteProblem, show } from "./checks.js";
import { type Found, type SimpleKind, readAsDeclared } from "./kind.js";
import type { FileSource } from "./types.js";

/** The `file` kind: one rule file at an absolute path, with the rule name it gets (docs/behaviour.md#providers). */
export const fileKind: SimpleKind<FileSource> = {
  name: "file",
  ...readAsDeclared,
  keys: ["path", "name"],
  problem: (s) =>
    absoluteProblem("path", s.path) ?? (typeof s.name === "string" && s.name.trim() !== "" ? undefined : `whose name is ${show(s.name)}`),
  patterns: () => [],
  find(source, kind) {
    const where = { provider: kind.provider, path: source.path };
    kind.searched.files.push(source.path);
    return settle(
      () => kind.context.fs.stat(source.path),
      (stat): Found => {
        if (stat === undefined) return { files: [], diagnostics: [] };
        if (stat.kind === "directory") {
          return { files: [], diagnostics: [createDiagnostic("not-a-file", "expected a rule file, found a folder; ignored", where)] };
        }
        return { files: [{ path: source.path, name: source.name }], diagnostics: [] };
      },
      (error): Found => ({ files: [], diagnostics: [createDiagnostic("file-unreadable", `cannot read file: ${errorText(error)}`, where)] }),
    );
  },
  // A file source depends on its one path.
  watch: (source) => ({ paths: [source.path], concerns: () => false }),
  label: (source, display) => display(source.path),
};
