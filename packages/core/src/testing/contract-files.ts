import type { FixtureContent } from "./temp-project.js";

/** A file the contract suite asks a provider's setup to place, and what the provider must make of it. */
export interface ContractFile {
  content: FixtureContent;
  /** The provider must return a rule for this file. */
  rule?: true;
  /** The provider must return a diagnostic whose `path` is this file. */
  reported?: true;
}

/** Valid rule files, keyed by rule name (a `/` puts the file in a subfolder). */
export const GOOD_FILES: Readonly<Record<string, ContractFile>> = {
  "contract-beta": { content: '---\nglobs: "**/*.ts"\n---\nBeta body.\n', rule: true },
  "contract-alpha": {
    content: "---\ndescription: Contract rule alpha\nalwaysApply: true\n---\nAlpha body.\n",
    rule: true,
  },
  "nested/contract-delta": { content: "Delta body, in a subfolder.\n", rule: true },
  "contract-gamma": { content: "Gamma body, no frontmatter.\n", rule: true },
};

const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x61, 0x75, 0x20, 0x6c, 0x61, 0x69, 0x74, 0x0a]);
const binary = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48]);

/**
 * Files a rule folder of an untrusted repository may hold. None may make a load throw, and
 * those marked `reported` must come back as a diagnostic carrying their path.
 */
export const HOSTILE_FILES: Readonly<Record<string, ContractFile>> = {
  "contract-bad-yaml": {
    content: '---\ndescription: "unterminated\nglobs: [a, b\n---\nBody after broken YAML.\n',
    reported: true,
  },
  "contract-binary": { content: binary, reported: true },
  "contract-not-utf8": { content: latin1, reported: true },
  "contract-empty": { content: "" },
  "contract-hidden": { content: "Looks harmless\u202e but is not.\n", reported: true },
  "contract-unreadable": { content: { kind: "unreadable", content: "Nobody may read this.\n" }, reported: true },
  "contract-folder": { content: { kind: "folder" } },
  "contract-dangling": { content: { kind: "symlink", target: "./no-such-file" }, reported: true },
};
