import { PROVIDER_ID, type Provider, assertProviderShape } from "../provider/provider.js";
import { errorText } from "../text/error-text.js";

/** The provider passes the core's own shape check (a plain object or one made by defineProvider). */
export function checkWellFormed(provider: Provider): string[] {
  const problems: string[] = [];
  try {
    assertProviderShape(provider);
  } catch (error) {
    problems.push(errorText(error));
  }
  return problems;
}

/** The priority is a finite number. */
export function checkPriority(provider: Provider): string[] {
  return typeof provider?.priority === "number" && Number.isFinite(provider.priority) ? [] : [`priority is ${String(provider?.priority)}`];
}

/** The id is a lower-case word and the display name is not blank. */
export function checkNames(provider: Provider): string[] {
  return [
    ...(typeof provider?.id === "string" && PROVIDER_ID.test(provider.id) && provider.id === provider.id.toLowerCase()
      ? []
      : [`id ${JSON.stringify(provider?.id)} should be lower-case letters, digits, ".", "_" or "-"`]),
    ...(typeof provider?.displayName === "string" && provider.displayName.trim() !== "" ? [] : ["displayName should be a non-empty string"]),
  ];
}
