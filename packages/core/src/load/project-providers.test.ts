import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defineProvider } from "../provider/provider.js";
import { createRegistry } from "../provider/registry.js";
import { tempTree } from "../testing/temp-tree.js";

const tool = (id: string, folder: string) =>
  defineProvider({
    id,
    displayName: id,
    priority: 10,
    sources: ({ home }) => [
      { kind: "pattern", folder: `.${folder}/rules`, extensions: [".md"], level: "project" },
      { kind: "folder", path: join(home, `.${folder}/rules`), extensions: [".md"], level: "user" },
    ],
    load: () => ({
      rules: [
        {
          name: `${id}-from-db`,
          path: `/db/${id}`,
          content: `${id}: project rule from a database`,
          source: { provider: id, providerName: id, level: "project" },
        },
        {
          name: `${id}-mine`,
          path: `/db/${id}-mine`,
          content: `${id}: user rule from a database`,
          source: { provider: id, providerName: id, level: "user" },
        },
      ],
      diagnostics: [],
    }),
  });

describe("projectProviders: a project's configuration chooses who reads the project, never who reads home (issue 39, item 2)", () => {
  it("reads only the user's rules of a provider the project did not choose, all rules of one it did", async () => {
    const root = await tempTree({
      "proj/.git/HEAD": "ref: refs/heads/main\n",
      "proj/.a/rules/pa.md": "Project A.",
      "proj/.b/rules/pb.md": "Project B.",
      "home/.a/rules/ua.md": "User A.",
      "home/.b/rules/ub.md": "User B.",
    });
    const registry = createRegistry([tool("a", "a"), tool("b", "b")]);
    const where = { cwd: join(root, "proj"), home: join(root, "home") };
    const names = async (projectProviders?: string[]) =>
      (await registry.load({ ...where, ...(projectProviders && { projectProviders }) })).rules.map((r) => r.name).sort();
    expect(await names()).toEqual(["a-from-db", "a-mine", "b-from-db", "b-mine", "pa", "pb", "ua", "ub"]);
    expect(await names(["b"])).toEqual(["a-mine", "b-from-db", "b-mine", "pb", "ua", "ub"]);
    expect(await names([])).toEqual(["a-mine", "b-mine", "ua", "ub"]);
  });
});
