import { type MapFields, triggerKeyMap } from "@rulebook/core/provider";

/**
 * Applies Antigravity's `trigger:` key, read as Windsurf's: `always_on` always applies, `glob`
 * is selected by its globs only, `model_decision` by its description only, `manual` is
 * inactive; an unknown value is a warning and the other keys are used as they are.
 */
export const applyTrigger: MapFields = triggerKeyMap({ codePrefix: "agents", tool: "the agent" });
