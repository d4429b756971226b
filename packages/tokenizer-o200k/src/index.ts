export { type O200kCounterOptions, type TokenCounter, createO200kCounter } from "./counter.js";
export { type LoadO200kOptions, loadO200kCounter } from "./load.js";
