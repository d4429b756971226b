export { runProviderContract } from "./testing/run-contract.js";
