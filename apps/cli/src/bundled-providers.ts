/**
 * The providers the app ships, by package name, in the order of docs/behaviour.md#providers (it
 * breaks ties of priority): `@rulebook/all-providers`, the one list, bundled into the app. Listing
 * one of these names in a configuration uses this copy, so it works without being installed in the
 * project; with no configuration, all of them run.
 */
export { bundledByPackage as BUNDLED_PROVIDERS } from "@rulebook/all-providers";
