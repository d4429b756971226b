import { describe, expect, it } from "vitest";
import { EXPORT_MARKER_HTML, EXPORT_MARKER_YAML, exportMarkerHtml, exportMarkerYaml, hasExportMarker, readExportMarker, withExportSources, withoutExportMarker } from "./marker.js";
import { parseRuleFile } from "../read/rule-file.js";
import { exportSourcesOf } from "../read/export-mark.js";

const hostilePaths = ["AGENTS.md", "packages/web/.cursor/rules/react.mdc", "with space.md", "a, b; c.md", 'quote".md', "close-->.md", "line\nbreak.md", "zero\u200bwidth.md", "é.md"];

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

  it("gets its sources from the plan, in place of the bare marker writers write", () => {
    expect(withExportSources(`${EXPORT_MARKER_HTML}\n\nbody\n`, ["CLAUDE.md"])).toBe(`${exportMarkerHtml(["CLAUDE.md"])}\n\nbody\n`);
    expect(withExportSources(`---\n${EXPORT_MARKER_YAML}\ntrigger: glob\n---\nbody\n`, ["a.mdc"])).toBe(`---\n${exportMarkerYaml(["a.mdc"])}\ntrigger: glob\n---\nbody\n`);
    expect(exportMarkerHtml(["a.mdc", "b.md"])).toBe("<!-- written by rulebook export from a.mdc, b.md; edit the source and export again -->");
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
  });
});
