/**
 * A project-relative path or folder as shown to a person or a model: `./` in front when its first
 * segment is `~`, so a project folder named `~` never reads as the home folder
 * (docs/behaviour.md#safety). Every other path is returned as it is.
 */
export function projectPathLabel(path: string): string {
  return path === "~" || path.startsWith("~/") ? `./${path}` : path;
}
