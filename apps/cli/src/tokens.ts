/** Counts the tokens of a text. */
export type CountTokens = (text: string) => number;

// Special-token spellings in a rule file are text like any other, never a reason to throw.
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * The app's token counter: gpt-tokenizer's o200k encoding (GPT-4o and later), imported
 * only when a command needs counts, since its tables take a while to load.
 */
export async function loadTokenCounter(): Promise<CountTokens> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  return (text) => countTokens(text, AS_TEXT);
}
