// Preloaded with --require (CommonJS: --import would load Node's ES module loader into every
// measured process): writes the process's peak resident set size (KiB) and its minor page faults
// (each a 4 KiB page of memory touched for the first time) to the file named by
// RULEBOOK_BENCH_USAGE when it exits, as "<maxRSS> <minor faults>".
const { writeFileSync } = require("node:fs");

process.on("exit", () => {
  const usage = process.resourceUsage();
  if (process.env.RULEBOOK_BENCH_USAGE) writeFileSync(process.env.RULEBOOK_BENCH_USAGE, `${usage.maxRSS} ${usage.minorPageFault}`);
});
