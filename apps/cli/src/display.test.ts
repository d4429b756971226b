import { describe, expect, it } from "vitest";
import { shortPaths } from "./display.js";

const where = { root: "/home/ana/code/shop", home: "/home/ana" };

describe("shortPaths", () => {
  it("names project files relative to the root and the user's files under ~/", () => {
    expect(shortPaths('rule "x" in /home/ana/code/shop/.roo/rules/rules.md hides /home/ana/.cursor/rules/x.mdc', where)).toBe(
      'rule "x" in .roo/rules/rules.md hides ~/.cursor/rules/x.mdc',
    );
  });

  it("says what the root and home themselves are, and leaves look-alike paths alone", () => {
    expect(shortPaths("outside /home/ana/code/shop (the folder this source may read)", where)).toBe(
      "outside the project root (the folder this source may read)",
    );
    expect(shortPaths("link to /home/ana, or /home/ana/code/shop2/a.md, or /home/anatole/x", where)).toBe(
      "link to ~, or ~/code/shop2/a.md, or /home/anatole/x",
    );
  });

  it("keeps a project folder named ~ apart from home", () => {
    expect(shortPaths("in /home/ana/code/shop/~/notes.md", where)).toBe("in ./~/notes.md");
  });

  it("keeps a command between backticks exact, to be run as written", () => {
    expect(shortPaths("/home/ana/code/shop/x.mjs: run `rulebook trust /home/ana/code/shop --home /home/ana`", where)).toBe(
      "x.mjs: run `rulebook trust /home/ana/code/shop --home /home/ana`",
    );
  });
});
