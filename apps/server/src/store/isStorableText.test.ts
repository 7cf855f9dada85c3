import { describe, expect, it } from "vitest";
import { isStorableText } from "./isStorableText.js";

describe(isStorableText, () => {
  it("holds any text PostgreSQL stores, empty and astral included", () => {
    for (const text of ["", "eq_1", "é\u{1F600}", "\u0001\uFFFF"]) expect(isStorableText(text)).toBe(true);
  });

  it("refuses text with NUL anywhere, which PostgreSQL text cannot hold", () => {
    for (const text of ["\u0000", "eq\u00001", "eq_1\u0000"]) expect(isStorableText(text)).toBe(false);
  });
});
