import { existsSync } from "node:fs";
import { lstat, readFile, readdir, readlink, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type TempProject, createTempProject, writeRules } from "./temp-project.js";

let project: TempProject | undefined;
afterEach(async () => {
  await project?.cleanup();
  project = undefined;
});

describe("createTempProject", () => {
  it("makes separate empty project and home folders, and removes them on cleanup", async () => {
    project = await createTempProject();
    expect(await readdir(project.cwd)).toEqual([]);
    expect(await readdir(project.home)).toEqual([]);
    expect(project.cwd).not.toBe(project.home);
    await project.cleanup();
    expect(existsSync(project.root)).toBe(false);
    await project.cleanup();
  });

  it("writes under the project by default and under home on request, creating folders", async () => {
    project = await createTempProject();
    const inProject = await project.write(".agents/rules/a.md", "# A");
    const inHome = await project.write(".agents/rules/deep/b.md", "# B", "home");
    expect(inProject).toBe(join(project.cwd, ".agents", "rules", "a.md"));
    expect(inHome).toBe(join(project.home, ".agents", "rules", "deep", "b.md"));
    expect(await readFile(inHome, "utf8")).toBe("# B");
  });

  it("marks the project as a repository root when asked", async () => {
    project = await createTempProject({ git: true });
    expect((await stat(join(project.cwd, ".git"))).isDirectory()).toBe(true);
  });
});

describe("writeRules", () => {
  it("writes text, bytes, folders, unreadable files and symlinks, returning paths in order", async () => {
    project = await createTempProject();
    const root = project.cwd;
    const paths = await writeRules({
      root,
      files: {
        "r/text.md": "hello",
        "r/bytes.md": new Uint8Array([0, 1, 2]),
        "r/folder.md": { kind: "folder" },
        "r/locked.md": { kind: "unreadable", content: "secret" },
        "r/link.md": { kind: "symlink", target: "text.md" },
      },
    });
    expect(paths.map((p) => p.slice(root.length + 1))).toEqual(["r/text.md", "r/bytes.md", "r/folder.md", "r/locked.md", "r/link.md"]);
    expect([...(await readFile(join(root, "r/bytes.md")))]).toEqual([0, 1, 2]);
    expect((await stat(join(root, "r/folder.md"))).isDirectory()).toBe(true);
    expect((await stat(join(root, "r/locked.md"))).mode & 0o777).toBe(0);
    expect((await lstat(join(root, "r/link.md"))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(root, "r/link.md"))).toBe("text.md");
  });

  it("refuses paths that leave the root", async () => {
    project = await createTempProject();
    await expect(writeRules({ root: project.cwd, files: { "../home/x.md": "x" } })).rejects.toThrow(/points outside/);
    await expect(writeRules({ root: project.cwd, files: { "/etc/x.md": "x" } })).rejects.toThrow(/relative path/);
  });
});
