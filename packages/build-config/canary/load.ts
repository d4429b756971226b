// The mutation-testing canary (`pnpm mutation canary`): this file's one mutant, the string
// emptied, makes `JSON.parse` throw while the test file imports it, so the test file fails to
// load. Scored anything but killed, load failures count as survivors again (load-failures-reporter.js).
export const canary: unknown = JSON.parse('{"loaded":true}');
