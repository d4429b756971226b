import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutsideProjectError, resolveInside } from "./confine.js";
import { listFiles, readFileInside } from "./project-tools.js";

let dir = "";
let root = "";

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "agent-demo-confine-")));
  root = join(dir, "proj");
  await mkdir(join(root, "src"), { recursive: true });
  await writeFile(join(root, "src", "App.tsx"), "export function App() {}\n");
  await writeFile(join(dir, "secret.txt"), "outside\n");
  await symlink(join(dir, "secret.txt"), join(root, "src", "secret-link.txt"));
  await symlink(dir, join(root, "up"));
  await symlink("App.tsx", join(root, "src", "inside-link.tsx"));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the agent's file tools stay in the project", () => {
  it("read files and folders by paths relative to the root", async () => {
    expect(await readFileInside(root, "src/App.tsx")).toBe("export function App() {}\n");
    expect(await listFiles(root, "src")).toBe("App.tsx\ninside-link.tsx\nsecret-link.txt");
    expect(await listFiles(root, ".")).toBe("src/\nup");
  });

  it("refuse a path that leaves the root, relative or absolute", async () => {
    await expect(readFileInside(root, "../secret.txt")).rejects.toThrow(OutsideProjectError);
    await expect(readFileInside(root, join(dir, "secret.txt"))).rejects.toThrow(/outside the project/);
    await expect(listFiles(root, "..")).rejects.toThrow(OutsideProjectError);
  });

  it("refuse a symbolic link that leads out of the project, and follow one that stays inside", async () => {
    await expect(readFileInside(root, "src/secret-link.txt")).rejects.toThrow(/link to a place outside the project/);
    await expect(listFiles(root, "up")).rejects.toThrow(/link to a place outside the project/);
    await expect(readFileInside(root, "up/secret.txt")).rejects.toThrow(OutsideProjectError);
    expect(await resolveInside(root, "src/inside-link.tsx")).toBe(join(root, "src", "App.tsx"));
  });
});
