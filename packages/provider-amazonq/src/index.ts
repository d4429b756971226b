import { join } from "node:path";
import { type Provider, defineProvider } from "@rulebook/core/provider";
import { writeAmazonQRules } from "./write.js";

export { writeAmazonQRules } from "./write.js";

/** Options of {@link createAmazonQProvider}. */
export interface AmazonQProviderOptions {
  /** Default 20. */
  priority?: number;
}

/**
 * Makes the Amazon Q Developer provider: every `.md` file under `<root>/.amazonq/rules/`
 * (recursive), each always applied, as Amazon Q adds every project rule to its context.
 */
export function createAmazonQProvider(options: AmazonQProviderOptions = {}): Provider {
  return defineProvider({
    id: "amazonq",
    displayName: "Amazon Q",
    priority: options.priority ?? 20,
    write: writeAmazonQRules,
    sources: ({ root }) => [{ kind: "folder", path: join(root, ".amazonq", "rules"), extensions: [".md"], level: "project", activation: "always" }],
  });
}

/** The Amazon Q provider with its default options. */
export const amazonQProvider: Provider = createAmazonQProvider();
