import { describe, expect, it } from "vitest";
import { quotedInputLimit, quoteInput } from "./quoteInput.js";

describe(quoteInput, () => {
  it("keeps input up to the limit whole", () => {
    expect(quoteInput("et_1")).toBe("et_1");
    const atLimit = "a".repeat(quotedInputLimit);
    expect(quoteInput(atLimit)).toBe(atLimit);
  });

  it("cuts longer input and says how much was left out", () => {
    expect(quoteInput("x".repeat(100_000))).toBe(`${"x".repeat(100)}… (99900 more characters)`);
    expect(quoteInput("abcdef", 3)).toBe("abc… (3 more characters)");
  });

  it("never splits a surrogate pair", () => {
    // The 100th code unit is the first half of a smiley: it goes with its pair.
    const quoted = quoteInput(`${"a".repeat(99)}😀${"b".repeat(50)}`);
    expect(quoted).toBe(`${"a".repeat(99)}… (52 more characters)`);
    // encodeURIComponent throws on a lone surrogate.
    expect(() => encodeURIComponent(quoted)).not.toThrow();
  });

  it("moves the cut back for exactly the first halves of pairs, U+D800 to U+DBFF", () => {
    const cutAt = (unit: number) => quoteInput(`ab${String.fromCharCode(unit)}cd`, 3);
    expect(cutAt(0xd800)).toBe("ab… (3 more characters)");
    expect(cutAt(0xdbff)).toBe("ab… (3 more characters)");
    // A second half, or a character just past the range, ends the quote as it is.
    expect(cutAt(0xdc00)).toBe(`ab${String.fromCharCode(0xdc00)}… (2 more characters)`);
    expect(cutAt(0xd7ff)).toBe(`ab${String.fromCharCode(0xd7ff)}… (2 more characters)`);
    expect(cutAt(0xe000)).toBe(`ab${String.fromCharCode(0xe000)}… (2 more characters)`);
  });
});
