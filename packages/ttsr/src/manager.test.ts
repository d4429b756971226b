import { describe, expect, it } from "vitest";
import { triggerRule as rule } from "../test/rule.js";
import { createTtsrManager } from "./manager.js";
import type { TtsrFiring, TtsrManager } from "./types.js";

const summary = (firings: TtsrFiring[]) => firings.map((f) => [f.rule.name, f.stream, f.offset, f.match]);

function managerWith(...conditions: [string, string[]][]): TtsrManager {
  const manager = createTtsrManager();
  for (const [name, condition] of conditions) manager.addRule(rule(name, condition));
  return manager;
}

describe("addRule", () => {
  it("accepts a rule when one pattern is usable and reports each refused pattern", () => {
    const manager = createTtsrManager();
    const mixed = manager.addRule(rule("mixed", ["(?<=x)y", "console\\.log"]));
    expect(mixed.accepted).toBe(true);
    expect(mixed.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "condition-pattern-invalid",
        provider: "native",
        path: "/proj/.xcsh/rules/mixed.md",
        message: expect.stringMatching(/mixed.*\(\?<=x\)y.*lookbehind/),
      }),
    ]);
    const broken = manager.addRule(rule("broken", ["(unclosed", "(a)\\1"]));
    expect(broken.accepted).toBe(false);
    expect(broken.diagnostics.map((d) => d.code)).toEqual(["condition-pattern-invalid", "condition-pattern-invalid"]);
    expect(manager.addRule(rule("plain", [])).accepted).toBe(false);
    expect(manager.rules.map((r) => r.name)).toEqual(["mixed"]);
    expect(summary(manager.check("(unclosed aa console.log"))).toEqual([["mixed", "text", 13, "console.log"]]);
  });

  it("replaces an accepted rule of the same name", () => {
    const manager = managerWith(["style", ["foo"]]);
    manager.addRule(rule("style", ["bar"], { content: "second version" }));
    expect(manager.rules.map((r) => r.content)).toEqual(["second version"]);
    expect(summary(manager.check("foo bar"))).toEqual([["style", "text", 4, "bar"]]);
  });
});

describe("check", () => {
  it("finds a match split over deltas, at its absolute offset, in the call whose delta completes it", () => {
    const manager = managerWith(["log", ["console\\.log\\("]]);
    expect(manager.check("let x = 1; cons")).toEqual([]);
    expect(manager.check("ole.lo")).toEqual([]);
    expect(summary(manager.check("g(x)"))).toEqual([["log", "text", 11, "console.log("]]);
  });

  it("orders the firings of one call by offset, not by when their matches ended", () => {
    const manager = managerWith(["inner", ["cd"]], ["last", ["f"]], ["outer", ["abcdef"]]);
    expect(summary(manager.check("abcdef"))).toEqual([
      ["outer", "text", 0, "abcdef"],
      ["inner", "text", 2, "cd"],
      ["last", "text", 5, "f"],
    ]);
  });

  it("fires a rule once per turn, at its first match", () => {
    const manager = managerWith(["todo", ["TODO"]]);
    expect(summary(manager.check("TODO one, TODO two"))).toEqual([["todo", "text", 0, "TODO"]]);
    expect(manager.check(" TODO three")).toEqual([]);
  });

  it("reads a leading (?i) as case-insensitive and anything else as case-sensitive", () => {
    const manager = managerWith(["insensitive", ["(?i)password\\s*="]], ["sensitive", ["secret"]]);
    expect(summary(manager.check("PassWord = x; SECRET"))).toEqual([["insensitive", "text", 0, "PassWord ="]]);
  });
});

describe("streams", () => {
  it("keeps one buffer per stream with its own offsets, and fires a rule once per turn across streams", () => {
    const manager = managerWith(["key", ["api_key"]]);
    expect(manager.check("xx api_", "thinking")).toEqual([]);
    expect(manager.check("api_")).toEqual([]);
    expect(summary(manager.check("key"))).toEqual([["key", "text", 0, "api_key"]]);
    expect(manager.check("key", "thinking")).toEqual([]);
    expect(manager.check("api_key", "tool:1")).toEqual([]);
  });
});

describe("turns and repeat policies", () => {
  it("starts every stream empty on a new turn: no match spans turns and offsets restart", () => {
    const manager = managerWith(["abc", ["abc"]]);
    manager.check("xab");
    manager.startTurn();
    expect(manager.check("c")).toEqual([]);
    expect(summary(manager.check("abc"))).toEqual([["abc", "text", 1, "abc"]]);
  });

  it("with the default policy, a rule that fired never fires again in the session", () => {
    const manager = managerWith(["abc", ["abc"]]);
    expect(manager.check("abc")).toHaveLength(1);
    for (let turn = 1; turn <= 3; turn++) {
      manager.startTurn();
      expect(manager.check("abc")).toEqual([]);
    }
  });

  it("with after-gap N, a rule fires again N turns after it last fired", () => {
    const manager = createTtsrManager({ repeat: { policy: "after-gap", turns: 2 } });
    manager.addRule(rule("abc", ["abc"]));
    const firedPerTurn: boolean[] = [];
    for (let turn = 0; turn <= 5; turn++) {
      if (turn > 0) manager.startTurn();
      firedPerTurn.push(manager.check("abc abc").length > 0);
    }
    expect(firedPerTurn).toEqual([true, false, true, false, true, false]);
  });

  it("refuses options that make no sense", () => {
    expect(() => createTtsrManager({ repeat: { policy: "after-gap", turns: 0 } })).toThrow(RangeError);
    expect(() => createTtsrManager({ maxMatchLength: 0 })).toThrow(RangeError);
  });
});

describe("exportState and restoreState", () => {
  it("round-trips through JSON what fired and when, and the turn", () => {
    const options = { repeat: { policy: "after-gap", turns: 3 } } as const;
    const first = createTtsrManager(options);
    first.addRule(rule("a", ["alpha"]));
    first.addRule(rule("b", ["beta"]));
    first.check("alpha");
    first.startTurn();
    first.check("beta");
    const state = JSON.parse(JSON.stringify(first.exportState()));
    expect(state).toEqual({
      version: 1,
      turn: 1,
      fired: [
        { rule: "a", turn: 0 },
        { rule: "b", turn: 1 },
      ],
    });

    const second = createTtsrManager(options);
    second.addRule(rule("a", ["alpha"]));
    second.addRule(rule("b", ["beta"]));
    second.restoreState(state);
    expect(second.turn).toBe(1);
    expect(second.check("alpha beta")).toEqual([]);
    second.startTurn();
    second.startTurn();
    expect(summary(second.check("alpha beta"))).toEqual([["a", "text", 0, "alpha"]]);
  });

  it("empties the streams and refuses a malformed state", () => {
    const manager = managerWith(["abc", ["abc"]]);
    manager.check("ab");
    manager.restoreState({ version: 1, turn: 4, fired: [] });
    expect(manager.check("c")).toEqual([]);
    expect(() => manager.restoreState({ version: 2 } as never)).toThrow(TypeError);
    expect(() => manager.restoreState({ version: 1, turn: 1, fired: [{ rule: "abc", turn: 2 }] })).toThrow(/fired entry/);
  });
});

describe("matches that end with $, \\b or \\B", () => {
  it("wait for the next character, and do not fire when it breaks the assertion", () => {
    const manager = managerWith(["any", ["\\bany\\b"]]);
    expect(manager.check("use any")).toEqual([]);
    expect(summary(manager.check(" type"))).toEqual([["any", "text", 4, "any"]]);
    const other = managerWith(["any", ["\\bany\\b"]]);
    expect(other.check("use any")).toEqual([]);
    expect(other.check("way")).toEqual([]);
    expect(other.endStream()).toEqual([]);
  });

  it("are settled by endStream, after which the stream takes no more text this turn", () => {
    const manager = managerWith(["done", ["done$"]], ["word", ["\\bfin\\b"]]);
    expect(manager.check("fin, all done")).toHaveLength(1);
    expect(summary(manager.endStream())).toEqual([["done", "text", 9, "done"]]);
    expect(() => manager.check("more")).toThrow(/has ended/);
    manager.startTurn();
    expect(manager.check("more")).toEqual([]);
  });

  it("do not delay rules whose assertions can only come first", () => {
    const manager = managerWith(["foo", ["\\bfoo"]]);
    expect(summary(manager.check("a foo"))).toEqual([["foo", "text", 2, "foo"]]);
  });
});

describe("maxMatchLength", () => {
  it("locates matches up to that length exactly and marks longer ones truncated, firing at the same moment", () => {
    const tagWatcher = () => {
      const manager = createTtsrManager({ maxMatchLength: 10 });
      manager.addRule(rule("tag", ["<a>[^]*</a>"]));
      return manager;
    };
    const short = tagWatcher();
    expect(short.check("<a>xy</a")).toEqual([]);
    const [exact] = short.check(">");
    expect(exact).toMatchObject({ offset: 0, match: "<a>xy</a>" });
    expect(exact?.truncated).toBeUndefined();
    const long = tagWatcher();
    expect(long.check("<a>0123456789</a")).toEqual([]);
    expect(long.check(">")).toEqual([expect.objectContaining({ offset: 7, match: "456789</a>", truncated: true })]);
  });
});

describe("text outside the Basic Multilingual Plane", () => {
  it("counts offsets in UTF-16 code units, even when a pair is split across deltas, and reads code points", () => {
    const manager = managerWith(["smile", ["(?:😀)+!"]], ["dot", ["x.y"]]);
    expect(manager.check("ab\uD83D")).toEqual([]);
    expect(manager.check("\uDE00😀")).toEqual([]);
    expect(summary(manager.check("! x😀y"))).toEqual([
      ["smile", "text", 2, "😀😀!"],
      ["dot", "text", 8, "x😀y"],
    ]);
  });
});

describe("rules added while a stream is open", () => {
  it("watch the text kept so far and what follows, without reporting matches that already ended", () => {
    const manager = createTtsrManager();
    expect(manager.check("foo ba")).toEqual([]);
    manager.addRule(rule("late", ["bar"]));
    manager.addRule(rule("early", ["foo"]));
    expect(summary(manager.check("r"))).toEqual([["late", "text", 4, "bar"]]);
  });
});
