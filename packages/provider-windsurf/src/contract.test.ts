import { sourcesSetup } from "@rulebook/core/testing";
import { runProviderContract } from "@rulebook/core/testing/vitest";
import { windsurfProvider } from "./index.js";

// The suite places its files where the provider's own sources() say. Work-around for a core
// bug (reported): sourcesSetup writes the first entry of `t.files` into single-file sources,
// and the reverse-order check reverses `t.files`, so on that run only `.windsurfrules` and `global_rules.md`
// got a hostile file. A good file is pinned first; drop this once the core picks a good one.
runProviderContract(windsurfProvider, {
  setup: (t) => sourcesSetup(windsurfProvider)({ ...t, files: { "contract-gamma": t.files["contract-gamma"] ?? "", ...t.files } }),
});
