import { describe, expect, it } from "vitest";
import { byStoredText, inJsonbKeyOrder } from "./storedOrder.js";

describe(byStoredText, () => {
  it("orders by code point, as the store's C collation does, not by UTF-16 code unit", () => {
    // U+FF21 is one code unit above the surrogates of U+1F600 in UTF-16, below it in UTF-8.
    expect(["\u{1F600}", "\uFF21", "b", "B"].sort(byStoredText)).toEqual(["B", "b", "\uFF21", "\u{1F600}"]);
    expect(["\u{1F600}", "\uFF21"].sort()).toEqual(["\u{1F600}", "\uFF21"]);
  });
});

describe(inJsonbKeyOrder, () => {
  it("orders keys as jsonb gives them back: shorter first, then by bytes", () => {
    const ordered = inJsonbKeyOrder({ mf_brand: "Petzl", mf_len: 1, b: 2, a: 3, é: 4 });
    expect(Object.keys(ordered)).toEqual(["a", "b", "é", "mf_len", "mf_brand"]);
  });

  it("keeps a key named __proto__ as a key", () => {
    const ordered = inJsonbKeyOrder(JSON.parse('{"__proto__": 1, "a": 2}'));
    expect(Object.keys(ordered)).toEqual(["a", "__proto__"]);
    expect(Object.getPrototypeOf(ordered)).toBe(Object.prototype);
  });
});
