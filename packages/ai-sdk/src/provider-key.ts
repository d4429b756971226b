/**
 * The key the middleware uses in the AI SDK's per-provider records: `providerOptions.rulebook`
 * marks its own messages and takes a call's `files`; `providerMetadata.rulebook` reports firings.
 */
export const PROVIDER_KEY = "rulebook";
