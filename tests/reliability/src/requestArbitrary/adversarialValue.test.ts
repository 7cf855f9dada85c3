import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type JsonModel, toJsonText } from "../jsonText.js";
import { adversarialValue } from "./adversarialValue.js";

const depth = (model: JsonModel): number =>
  model === null || typeof model !== "object" || "raw" in model
    ? 0
    : 1 +
      Math.max(0, ...("items" in model ? model.items : model.entries.map(([, value]) => value)).map(depth));

describe(adversarialValue, () => {
  it("is built once and shared", () => {
    expect(adversarialValue()).toBe(adversarialValue());
  });

  const values = fc.sample(adversarialValue(), { seed: 1, numRuns: 1000 });

  it("nests arrays and objects at most two levels deep (deep texts aside)", () => {
    expect(Math.max(...values.map(depth))).toBe(2);
  });

  it("writes numbers no JS number holds, and nesting far past any sane limit, as raw text", () => {
    const texts = values.map(toJsonText);
    expect(
      texts.some((text) => /^-?1e[-]?400$/.test(text) || text === "123456789012345678901234567890"),
    ).toBe(true);
    expect(texts.some((text) => text.startsWith("[".repeat(400)))).toBe(true);
  });

  it("mixes every JSON type", () => {
    const kinds = new Set(
      values.map((model) =>
        model === null
          ? "null"
          : typeof model !== "object"
            ? typeof model
            : "raw" in model
              ? "raw"
              : "items" in model
                ? "array"
                : "object",
      ),
    );
    expect([...kinds].sort()).toEqual(["array", "boolean", "null", "object", "raw", "string"]);
  });
});
