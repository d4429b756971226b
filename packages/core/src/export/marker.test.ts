import { describe, expect, it } from "vitest";
import {
  EXPORT_MARKER_HTML,
  EXPORT_MARKER_YAML,
  exportMarkerHtml,
  exportMarkerYaml,
  hasExportMarker,
  readExportMarker,
  withExportSources,
  withoutExportMarker,
} from "./marker.js";
import { parseRuleFile } from "../read/rule-file.js";
import { exportSourcesOf } from "../read/export-mark.js";

const hostilePaths = [
  "",
  "AGENTS.md",
  "packages/web/.cursor/rules/react.mdc",
  "with space.md",
  "a, b; c.md",
  'quote".md',
  "close-->.md",
  "line\nbreak.md",
  "zero\u200bwidth.md",
  "é.md",
];

describe("the export marker", () => {
  it("names its sources so they read back the same, whatever the paths hold, on one line", () => {
    for (const shape of ["html", "yaml"] as const) {
      const line = shape === "html" ? exportMarkerHtml(hostilePaths) : exportMarkerYaml(hostilePaths);
      expect(line.split("\n")).toHaveLength(1);
      const text = shape === "html" ? `${line}\n\nbody\n` : `---\n${line}\nalwaysApply: true\n---\nbody\n`;
      expect(readExportMarker(text)).toEqual({ sources: hostilePaths, shape });
    }
    expect(exportMarkerHtml(hostilePaths).indexOf("-->")).toBe(exportMarkerHtml(hostilePaths).length - 3);
  });

  it("is recognised only where writers put it, with CRLF and a BOM, and without sources", () => {
    expect(hasExportMarker(`${EXPORT_MARKER_HTML}\r\n\r\nbody`)).toBe(true);
    expect(hasExportMarker(`\ufeff---\r\n${EXPORT_MARKER_YAML}\r\n---\r\nbody`)).toBe(true);
    expect(readExportMarker(`${EXPORT_MARKER_HTML}\n`)?.sources).toEqual([]);
    expect(hasExportMarker(`# Title\n${EXPORT_MARKER_HTML}\n`)).toBe(false);
    expect(hasExportMarker("<!-- written by rulebook exporter -->\n")).toBe(false);
    expect(hasExportMarker("<!-- written by rulebook export from -->\n")).toBe(false);
  });

  it("reads as its words say, and nothing else", () => {
    expect(EXPORT_MARKER_HTML).toBe("<!-- written by rulebook export; edit the source rules and export again -->");
    expect(EXPORT_MARKER_YAML).toBe("# written by rulebook export; edit the source rules and export again");
    expect(exportMarkerHtml([])).toBe(EXPORT_MARKER_HTML);
    expect(exportMarkerYaml([])).toBe(EXPORT_MARKER_YAML);
    const sources = (text: string) => readExportMarker(text)?.sources;
    expect(sources("<!-- written by rulebook export -->\n")).toEqual([]);
    expect(sources("<!--written by rulebook export-->\n")).toEqual([]);
    expect(sources("<!-- written by rulebook export from a.md -->   \nbody")).toEqual(["a.md"]);
    expect(sources('<!-- written by rulebook export from "", a.md; edit the source and export again -->')).toEqual(["", "a.md"]);
    expect(sources(`\ufeff${EXPORT_MARKER_HTML}\n`)).toEqual([]);
    for (const text of [
      "",
      "---",
      "---\n",
      "<!-- not closed\n",
      "<!-- written by rulebook export --> and a note\n",
      " <!-- written by rulebook export -->\n",
      "<!-- written by rulebook exporter, notes.md -->\n",
      "<!-- written by rulebook export from  a.md -->\n",
      "<!-- written by rulebook export from a.md b.md -->\n",
      "<!-- written by rulebook export from a.md,  , x -->\n",
      "<!-- written by rulebook export from ; edit -->\n",
      '<!-- written by rulebook export from "a\\x"; edit -->\n',
      '<!-- written by rulebook export from "a.md; edit -->\n',
      "<!-- written by rulebook export from a\rb.md -->\n",
      "Title\n# written by rulebook export\n",
      "---\n- written by rulebook export\n---\n",
    ]) {
      expect(readExportMarker(text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it("is a line of at most 64 KiB", () => {
    const line = (length: number) => {
      const words = "# written by rulebook export from ";
      return `${words}${"a".repeat(length - words.length)}`;
    };
    expect(line(65_536)).toHaveLength(65_536);
    expect(readExportMarker(`---\n${line(65_536)}\n---\n`)?.sources[0]).toHaveLength(65_536 - 34);
    expect(readExportMarker(`---\n${line(65_537)}\n---\n`)).toBeUndefined();
    expect(readExportMarker(`<!-- ${line(65_540).slice(2)} -->`)).toBeUndefined();
    expect(withoutExportMarker(`<!-- ${"x".repeat(70_000)}\nbody`)).toBe(`<!-- ${"x".repeat(70_000)}\nbody`);
  });

  it("gets its sources from the plan, in place of the bare marker writers write", () => {
    expect(withExportSources(`${EXPORT_MARKER_HTML}\n\nbody\n`, ["CLAUDE.md"])).toBe(`${exportMarkerHtml(["CLAUDE.md"])}\n\nbody\n`);
    expect(withExportSources(`---\n${EXPORT_MARKER_YAML}\ntrigger: glob\n---\nbody\n`, ["a.mdc"])).toBe(
      `---\n${exportMarkerYaml(["a.mdc"])}\ntrigger: glob\n---\nbody\n`,
    );
    expect(exportMarkerHtml(["a.mdc", "b.md"])).toBe("<!-- written by rulebook export from a.mdc, b.md; edit the source and export again -->");
    // A text without the bare marker at its start is not a writer's: left as it is.
    for (const text of ["body\n", `# Title\n${EXPORT_MARKER_HTML}\n`, `---\ntrigger: glob\n${EXPORT_MARKER_YAML}\n---\n`])
      expect(withExportSources(text, ["a.md"])).toBe(text);
  });
});

describe("the read side", () => {
  const file = { path: "/p/.roo/rules/a.md", name: "a" };
  const source = { provider: "roo", providerName: "Roo Code", level: "project" } as const;

  it("never puts the marker into a rule's text, and notes the sources the file names", () => {
    const html = parseRuleFile(`${exportMarkerHtml(["AGENTS.md"])}\n\n---\nalwaysApply: false\n---\nbody`, file, { source });
    expect(html.rule?.content).toBe("---\nalwaysApply: false\n---\nbody");
    expect(html.rule && exportSourcesOf(html.rule)).toEqual(["AGENTS.md"]);
    const yaml = parseRuleFile(`---\n${exportMarkerYaml(["x.md"])}\ndescription: d\n---\nbody`, file, { source });
    expect(yaml.rule).toMatchObject({ content: "body", description: "d" });
    expect(yaml.rule && exportSourcesOf(yaml.rule)).toEqual(["x.md"]);
    const person = parseRuleFile("<!-- a comment of mine -->\nbody", file, { source });
    expect(person.rule?.content).toBe("<!-- a comment of mine -->\nbody");
    expect(person.rule && exportSourcesOf(person.rule)).toBeUndefined();
  });

  it("strips only a marker line", () => {
    expect(withoutExportMarker("<!-- note -->\nbody")).toBe("<!-- note -->\nbody");
    expect(withoutExportMarker(`${EXPORT_MARKER_HTML}\n\nbody`)).toBe("body");
    expect(withoutExportMarker(` ${EXPORT_MARKER_HTML}\nbody`)).toBe(` ${EXPORT_MARKER_HTML}\nbody`);
    expect(withoutExportMarker(EXPORT_MARKER_HTML)).toBe("");
    expect(withoutExportMarker(`\ufeff${EXPORT_MARKER_HTML}\r\n\r\nbody`)).toBe("body");
    const yamlShaped = `---\n${EXPORT_MARKER_YAML}\n---\nbody`;
    expect(withoutExportMarker(yamlShaped)).toBe(yamlShaped);
  });

  it("an indented marker line is a person's text: not a marker, not stripped", () => {
    const text = ` ${EXPORT_MARKER_HTML}\n\nbody`;
    expect(hasExportMarker(text)).toBe(false);
    expect(parseRuleFile(text, file, { source }).rule?.content).toBe(text.trim());
  });
});
