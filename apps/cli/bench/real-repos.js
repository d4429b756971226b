// Builds the real-repository fixture of the bench: each repository of the list, at its pinned
// commit, extracted from a bare snapshot with `git archive` into a cache folder (kept between
// runs; nothing of it is committed), with an empty `.git` so the project root is found.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Extracts what it can; returns the folders, their file count and the repositories absent. */
export function extractRealRepositories(listFile, mirror, cache) {
  const { repositories } = JSON.parse(readFileSync(listFile, "utf8"));
  const folders = [];
  const missing = [];
  let files = 0;
  for (const { repo, commit } of repositories) {
    const gitDir = join(mirror, repo.replace("/", "+"), "repo");
    const dir = join(cache, `${repo.replace("/", "__")}@${commit.slice(0, 12)}`);
    const done = join(dir, ".git", "rulebook-bench-extracted");
    if (!existsSync(done)) {
      if (!existsSync(gitDir)) {
        missing.push(repo);
        continue;
      }
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(join(dir, ".git"), { recursive: true });
      const archive = spawnSync("git", ["--git-dir", gitDir, "archive", "--format=tar", commit], { maxBuffer: 2 ** 31 });
      const untar = archive.status === 0 && spawnSync("tar", ["-x", "-C", dir], { input: archive.stdout });
      // A snapshot may lack some blobs (large binaries): then write the files it has, one by one.
      if ((!untar || untar.status !== 0) && !extractBlobByBlob(gitDir, commit, dir)) {
        missing.push(`${repo} (cannot extract ${commit.slice(0, 12)})`);
        continue;
      }
      writeFileSync(done, `${commit}\n`);
    }
    folders.push(dir);
    files += count(dir);
  }
  return { folders, files, missing };
}

function extractBlobByBlob(gitDir, commit, dir) {
  const tree = spawnSync("git", ["--git-dir", gitDir, "ls-tree", "-r", "-z", commit], { maxBuffer: 2 ** 30, encoding: "utf8" });
  if (tree.status !== 0) return false;
  const entries = tree.stdout
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split("\t");
      const [mode, type, sha] = meta.split(" ");
      return { mode, type, sha, path };
    })
    .filter((e) => e.type === "blob");
  const batch = spawnSync("git", ["--git-dir", gitDir, "cat-file", "--batch"], { input: entries.map((e) => e.sha).join("\n"), maxBuffer: 2 ** 31 });
  const out = batch.stdout;
  let at = 0;
  for (const entry of entries) {
    const eol = out.indexOf(10, at);
    const header = out.subarray(at, eol).toString();
    at = eol + 1;
    if (header.endsWith(" missing")) continue;
    const size = Number(header.split(" ")[2]);
    const body = out.subarray(at, at + size);
    at += size + 1;
    const path = join(dir, entry.path);
    mkdirSync(dirname(path), { recursive: true });
    if (entry.mode === "120000") symlinkSync(body.toString(), path);
    else writeFileSync(path, body);
  }
  return true;
}

function count(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) total += entry.name === ".git" ? 0 : count(join(dir, entry.name));
    else total++;
  }
  return total;
}
