import { sourcesSetup } from "@rulebook/core/testing";
import { runProviderContract } from "@rulebook/core/testing/vitest";
import { cursorProvider } from "./index.js";

// The suite places its files where the provider's own sources() say. Work-around for a core
// bug (reported): sourcesSetup writes the first entry of `t.files` into single-file sources,
// and the reverse-order check reverses `t.files`, so on that run only `.cursorrules`
// got a hostile file. A good file is pinned first; drop this once the core picks a good one.
runProviderContract(cursorProvider, {
  setup: (t) => sourcesSetup(cursorProvider)({ ...t, files: { "contract-gamma": t.files["contract-gamma"] ?? "", ...t.files } }),
});
