import { createDiagnostic } from "../rule/diagnostics.js";
import { errorText } from "../text/error-text.js";
import { type MaybePromise, settle } from "../support/maybe-promise.js";
import type { Found, KindContext, SourceWatch } from "./kind.js";
import type { FileSource } from "./types.js";

/** The rule file a {@link FileSource} names, if it is there (docs/behaviour.md#providers). */
export function findFile(source: FileSource, kind: KindContext): MaybePromise<Found> {
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
}

/** A file source depends on its one path. */
export function watchFile(source: FileSource): SourceWatch {
  return { paths: [source.path], concerns: () => false };
}
