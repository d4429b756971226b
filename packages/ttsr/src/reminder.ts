import type { Rule } from "@rulebook/core";
import { escapeMarkup, shortenText, stripHiddenCharacters, tagNeutralizer } from "@rulebook/core/text";
import type { TtsrFiring } from "./types.js";

const MAX_QUOTED_MATCH = 200;

/**
 * The system reminder an agent injects after rewinding a stream that fired: it names the rule,
 * says what triggered it when the firing is given, and carries the rule's content. Text from the
 * rule file or the model cannot close or open the reminder's tags, and hidden characters are removed.
 */
export function renderTtsrReminder(rule: Rule, firing?: TtsrFiring): string {
  const name = stripHiddenCharacters(rule.name);
  let trigger = "";
  if (firing) {
    const match = stripHiddenCharacters(firing.match);
    const quoted = shortenText(match, MAX_QUOTED_MATCH);
    trigger = ` by ${neutralizeTags(JSON.stringify(quoted))} (stream ${neutralizeTags(JSON.stringify(stripHiddenCharacters(firing.stream)))}, offset ${firing.offset})`;
  }
  return [
    "<system-reminder>",
    `Your output was stopped because it triggered the rule "${neutralizeTags(name)}"${trigger}.`,
    "Follow this rule and write your answer again:",
    "",
    `<rule name="${escapeMarkup(name)}">`,
    neutralizeTags(stripHiddenCharacters(rule.content)),
    "</rule>",
    "</system-reminder>",
  ].join("\n");
}

// Only the reminder's own tags are defused, so Markdown and code in the rule read as written.
const neutralizeTags = tagNeutralizer(["system-reminder", "rule"]);
