import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TABLE, reference, tableBytes } from "../test/reference.js";
import { createO200kCounter } from "./counter.js";
import { loadO200kCounter } from "./load.js";

const text = "Don't use `any`; prefer `unknown` — it's safer. 日本語のテキスト 😀";

describe("loading the o200k counter", () => {
  it("finds the table the package ships next to its built module when given none", async () => {
    // The built module, named at run time: a type check of a clean clone runs before the build.
    const built = (await import(new URL("../dist/index.js", import.meta.url).href)) as typeof import("./index.js");
    expect((await built.loadO200kCounter())(text)).toBe(reference(text));
  });

  it("reads the table it is given, as a file URL or a path", async () => {
    expect((await loadO200kCounter({ table: TABLE }))(text)).toBe(reference(text));
    expect((await loadO200kCounter({ table: fileURLToPath(TABLE) }))(text)).toBe(reference(text));
  });

  it("fails with the reason and the file when there is no table, or the file is not one", async () => {
    const missing = fileURLToPath(new URL("./no-such-table.bin", TABLE));
    await expect(loadO200kCounter({ table: missing })).rejects.toThrow(`ENOENT: no such file or directory, open '${missing}'`);
    const notATable = fileURLToPath(new URL("../package.json", import.meta.url));
    await expect(loadO200kCounter({ table: notATable })).rejects.toThrow(`${notATable} is not an o200k table`);
  });

  it("counts the same over bytes that do not start on a 4-byte boundary (a copy is made)", () => {
    const bytes = tableBytes();
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(createO200kCounter(shifted.subarray(1))(text)).toBe(reference(text));
  });
});
