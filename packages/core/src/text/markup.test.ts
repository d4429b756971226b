import { describe, expect, it } from "vitest";
import { escapeMarkup, tagNeutralizer } from "./markup.js";

describe("markup", () => {
  it("escapeMarkup: the four characters that can end an attribute or open a tag", () => {
    expect(escapeMarkup(`a & b < c > d "e" 'f'`)).toBe("a &amp; b &lt; c &gt; d &quot;e&quot; 'f'");
  });

  it("tagNeutralizer defuses its own tags, opening or closing, in any case, and nothing else", () => {
    const defuse = tagNeutralizer(["rule", "system-reminder"]);
    expect(defuse("</rule>\n< / RULE>\n</ system-reminder><Rule name=x>")).toBe("&lt;/rule>\n< / RULE>\n&lt;/ system-reminder>&lt;Rule name=x>");
    expect(defuse("cd src && bun run <script> <rules> <ruler>")).toBe("cd src && bun run <script> <rules> <ruler>");
  });

  it("a tag name with regex characters is matched literally", () => {
    const defuse = tagNeutralizer(["a.b"]);
    expect(defuse("<a.b> <axb>")).toBe("&lt;a.b> <axb>");
  });
});
