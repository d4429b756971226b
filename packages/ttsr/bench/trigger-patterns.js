// The 100 trigger patterns the stream benches load (this package's and @rulebook/ai-sdk's): literals,
// \b, (?i), classes, .* — the shapes rule files use.
const FIXED = [
  "console\\.log\\(",
  "\\bTODO\\b",
  "(?i)password\\s*[:=]",
  "rm -rf /",
  "git push (?:-f|--force)\\b",
  "\\beval\\(",
  ":\\s*any\\b",
  "@ts-ignore",
  "from ['\"]lodash['\"]",
  "(?i)\\bapi[_-]?key\\b\\s*=",
];

export function benchTriggerPatterns() {
  const patterns = [...FIXED];
  for (let i = 0; patterns.length < 100; i++) {
    const shapes = [
      `\\bdeprecatedApi${i}\\(`,
      `(?i)forbidden[-_ ]word${i}`,
      `TICKET-${i}\\d{3,}\\b`,
      `import .*legacy${i}`,
      `[A-Z]{3}${i}[a-z]+Error\\b`,
    ];
    patterns.push(shapes[i % shapes.length]);
  }
  return patterns;
}
