import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DecodedText, type ReadAhead, type RuleFs, type TextRead, nodeFs, readTextOf, readTextsAhead } from "./fs.js";
import { tempTree } from "./testing/temp-tree.js";

/** What readTextOf answers for a path, or the code of what it throws, in one comparable shape. */
function answerOf(read: TextRead | undefined, failed?: unknown): unknown {
  if (failed !== undefined) return { failed: (failed as { code?: string }).code };
  if (read === undefined) return undefined;
  if (read instanceof DecodedText) return { text: read.text, realPath: read.realPath };
  return "bytes" in read ? { bytes: [...read.bytes], realPath: read.realPath } : { tooLarge: read.tooLarge, realPath: read.realPath };
}

function oneByOne(fs: RuleFs, path: string, maxBytes: number): unknown {
  try {
    return answerOf(readTextOf(fs, path, maxBytes) as TextRead);
  } catch (error) {
    return answerOf(undefined, error);
  }
}

function ahead(one: ReadAhead | undefined): unknown {
  if (one === undefined) return undefined;
  return "failed" in one ? answerOf(undefined, one.failed) : answerOf(one.read);
}

describe("reading rule files ahead, in batches", () => {
  it("gives every file exactly what reading it alone gives, across batches and for every odd file", async () => {
    // Real rule folders: many small files, some multibyte, one with a byte-order mark, an empty
    // one, one that is not UTF-8, one with a NUL byte (binary), a large one, a FIFO, a link
    // inside the project and one that dangles, and a name that is not there.
    const entries: Record<string, string | { symlink: string }> = {
      "proj/.cursor/rules/ascii.mdc": "---\ndescription: Plain\nglobs: src/**/*.ts\n---\n\nUse strict mode.\n",
      "proj/.cursor/rules/multibyte.mdc": "---\ndescription: Ünïcödé, 日本語, emoji 👩‍💻\n---\n\nKeep it «short».\n",
      "proj/.cursor/rules/bom.mdc": "\uFEFF---\nalwaysApply: true\n---\nWith a byte-order mark.\n",
      "proj/.cursor/rules/empty.mdc": "",
      "proj/.cursor/rules/linked.mdc": { symlink: "proj/.cursor/rules/ascii.mdc" },
      "proj/.cursor/rules/dangling.mdc": { symlink: "proj/nowhere.mdc" },
    };
    // Enough text to fill more than one 1 MiB batch, with a multibyte character at the end of each.
    for (let i = 0; i < 400; i++) entries[`proj/.cursor/rules/many/rule-${i}.mdc`] = `---\ndescription: Rule ${i}\n---\n\n${"Line of guidance. ".repeat(200)}é\n`;
    const root = await tempTree(entries);
    const rules = join(root, "proj/.cursor/rules");
    // A lead byte cut short at the end of a file must not join the next file's bytes.
    writeFileSync(join(rules, "not-utf8.mdc"), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x61, 0xe2, 0x82]));
    writeFileSync(join(rules, "after-cut.mdc"), Buffer.from([0xac, 0x20, 0x6f, 0x6b, 0x0a]));
    writeFileSync(join(rules, "binary.mdc"), Buffer.from("---\nalwaysApply: true\n---\nA\u0000B\n"));
    writeFileSync(join(rules, "large.mdc"), `---\nalwaysApply: true\n---\n${"x".repeat(80 * 1024)}\n`);
    execFileSync("mkfifo", [join(rules, "pipe.mdc")]);
    const paths = [
      "ascii.mdc",
      "not-utf8.mdc",
      "after-cut.mdc",
      "multibyte.mdc",
      "bom.mdc",
      "empty.mdc",
      "binary.mdc",
      "large.mdc",
      "pipe.mdc",
      "linked.mdc",
      "dangling.mdc",
      "missing.mdc",
      ...Array.from({ length: 400 }, (_, i) => `many/rule-${i}.mdc`),
    ].map((name) => join(rules, name));

    for (const maxBytes of [1024 * 1024, 100]) {
      const batched = readTextsAhead(nodeFs, paths, maxBytes);
      expect(batched).toHaveLength(paths.length);
      paths.forEach((path, i) => {
        const mine = ahead(batched?.[i]);
        // Left to readTextOf (larger than a batch takes): nothing was decided ahead.
        if (mine === undefined) expect(path.endsWith("large.mdc") || maxBytes === 100).toBe(true);
        else expect(mine, path).toEqual(oneByOne(nodeFs, path, maxBytes));
      });
    }
    const batched = readTextsAhead(nodeFs, paths, 1024 * 1024) ?? [];
    // The cut file stays not UTF-8 (bytes back, for a diagnostic) and its neighbour too.
    expect(ahead(batched[1])).toMatchObject({ bytes: expect.any(Array) });
    expect(ahead(batched[2])).toMatchObject({ bytes: expect.any(Array) });
    expect(ahead(batched[8])).toEqual({ failed: "ENOTREG" });
    expect(ahead(batched[11])).toEqual({ failed: "ENOENT" });
    expect(ahead(batched[9])).toEqual({ text: expect.stringContaining("Use strict mode."), realPath: join(rules, "ascii.mdc") });
  });

  it("reads nothing ahead through any other file system: each file is read when it is parsed", async () => {
    const root = await tempTree({ "proj/AGENTS.md": "# Agents\n", "proj/CLAUDE.md": "# Claude\n" });
    const reads: string[] = [];
    const counting: RuleFs = {
      ...nodeFs,
      readFile(path, maxBytes) {
        reads.push(path);
        return nodeFs.readFile(path, maxBytes);
      },
    };
    expect(readTextsAhead(counting, [join(root, "proj/AGENTS.md"), join(root, "proj/CLAUDE.md")], 1000)).toBeUndefined();
    expect(reads).toEqual([]);
  });
});
