// A pattern as a diagnostic quotes it: the core's one definition, shared with the partition's reasons.
export { quotePattern } from "@rulebook/core";
