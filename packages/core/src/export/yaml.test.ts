import { describe, expect, it } from "vitest";
import { splitGlobList } from "../read/fields.js";
import { globListValue, serializeFrontmatter, yamlString } from "./yaml.js";

describe("yamlString", () => {
  it("writes plain words bare, and quotes what YAML would read otherwise, in any case", () => {
    for (const text of ["Testing policy", "src/app.ts", "v1.2 notes", "a_b", "How-to guide"]) expect(yamlString(text)).toBe(text);
    for (const word of ["true", "false", "null", "yes", "no", "on", "off", "y", "n", "Yes", "NULL", "Off"])
      expect(yamlString(word)).toBe(`"${word}"`);
    for (const text of ["x", "ends.", "9lives", "- dash", "a: b", "trailing "]) expect(yamlString(text)).toBe(JSON.stringify(text));
  });

  it("writes control, format and separator characters as escapes of four digits", () => {
    expect(yamlString("a\u0007b")).toBe('"a\\u0007b"');
    expect(yamlString("zero\u200bwidth")).toBe('"zero\\u200bwidth"');
    expect(yamlString("line\u2028break")).toBe('"line\\u2028break"');
    expect(yamlString("next\u0085line")).toBe('"next\\u0085line"');
  });
});

describe("globListValue: globs as Cursor and Windsurf write them", () => {
  it("is one bare comma-separated value when every glob reads back the same from it", () => {
    expect(globListValue(["**/*.ts", "!**/*.test.ts"])).toEqual({ plain: "**/*.ts,!**/*.test.ts" });
    expect(globListValue(["src/{a,b}/**", "x"])).toEqual({ plain: "src/{a,b}/**,x" });
  });

  it("is a list for a glob with other characters, one YAML would read as something else, or one holding a comma", () => {
    for (const globs of [
      ["a b/**"],
      ["!x"],
      ["@scope/**"],
      ["{a,b}/**"],
      ["[abc]/**"],
      ["a,b"],
      ["src/**", "docs/*.md "],
      ["src/**", "a: b"],
      ["src/**", "a,b"],
      ["src/**", ","],
    ])
      expect(globListValue(globs)).toEqual(globs);
  });

  it("stays a list when the joined globs would split back into others of the same count (a person's unbalanced brace)", () => {
    expect(splitGlobList("s,x{a,b},c")).toEqual(["s", "x{a,b}", "c"]);
    expect(globListValue(["s", "x{a", "b},c"])).toEqual(["s", "x{a", "b},c"]);
  });
});

describe("serializeFrontmatter", () => {
  it("quotes a key that is not one word, and writes one that is bare, dashes and underscores included", () => {
    expect(serializeFrontmatter({ "a:b": true, "key-": true, _x: true })).toBe('---\n"a:b": true\nkey-: true\n_x: true\n---\n');
  });

  it("writes keys bare when they are words, values by type, and leaves out what is undefined", () => {
    expect(
      serializeFrontmatter(
        { description: "Testing policy", "ok_key-1": "w", "my key": true, "1st": false, "-x": "y", globs: undefined, list: ["a", "b c"] },
        "# marker",
      ),
    ).toBe('---\n# marker\ndescription: Testing policy\nok_key-1: "w"\nmy key: true\n"1st": false\n"-x": "y"\nlist: ["a", b c]\n---\n');
    expect(serializeFrontmatter({ globs: { plain: "**/*.ts,src/**" } })).toBe("---\nglobs: **/*.ts,src/**\n---\n");
  });
});
