// Preloaded with --import: writes the process's peak resident set size (KiB) to the file
// named by RULEBOOK_BENCH_RSS when it exits.
import { writeFileSync } from "node:fs";

process.on("exit", () => {
  if (process.env.RULEBOOK_BENCH_RSS) writeFileSync(process.env.RULEBOOK_BENCH_RSS, String(process.resourceUsage().maxRSS));
});
