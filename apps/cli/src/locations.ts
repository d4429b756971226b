import type { ProjectTrustInput } from "./plugins.js";

/** The folders every command works on, as absolute paths. */
export interface Locations {
  cwd: string;
  home: string;
  /** The project root (docs/behaviour.md#the-project-root-and-the-walk): `--root`, else found from `cwd`. */
  root: string;
  /** What decides whether the project is trusted (docs/behaviour.md#trust). */
  trustInput: ProjectTrustInput;
}
