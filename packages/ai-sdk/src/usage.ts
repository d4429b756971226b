import type { LanguageModelV3Usage } from "@ai-sdk/provider";

/**
 * The usage of every model call of one call, added up field by field (a field stays undefined
 * while no call reported it). A stream cancelled by a rewind never reports its usage: only
 * calls that finished are counted.
 */
export class UsageTotal {
  private readonly seen: LanguageModelV3Usage[] = [];

  add(usage: LanguageModelV3Usage | undefined): void {
    if (usage) this.seen.push(usage);
  }

  total(): LanguageModelV3Usage {
    const only = this.seen.length === 1 ? this.seen[0] : undefined;
    if (only) return only;
    const sum = (pick: (u: LanguageModelV3Usage) => number | undefined): number | undefined => {
      let total: number | undefined;
      for (const usage of this.seen) {
        const n = pick(usage);
        if (n !== undefined) total = (total ?? 0) + n;
      }
      return total;
    };
    return {
      inputTokens: {
        total: sum((u) => u.inputTokens.total),
        noCache: sum((u) => u.inputTokens.noCache),
        cacheRead: sum((u) => u.inputTokens.cacheRead),
        cacheWrite: sum((u) => u.inputTokens.cacheWrite),
      },
      outputTokens: {
        total: sum((u) => u.outputTokens.total),
        text: sum((u) => u.outputTokens.text),
        reasoning: sum((u) => u.outputTokens.reasoning),
      },
    };
  }
}
