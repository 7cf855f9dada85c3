import { methodNames } from "@wsafe/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { brokenData } from "./brokenData.js";
import { testFixture } from "./testFixture.js";

describe(brokenData, () => {
  const cases = fc.sample(brokenData(testFixture), { seed: 1, numRuns: 600 });

  it("mixes non-object data on both channels with bad encodings and missing data", () => {
    const kinds = new Set(cases.map((c) => c.label));
    for (const label of [
      "GET non-object data",
      "POST non-object data",
      "GET bad percent-encoding",
      "POST invalid UTF-8",
      "GET without query",
    ])
      expect(kinds).toContain(label);
  });

  it("sends only to real method URLs", () => {
    const paths = new Set(methodNames.map((m) => `/v1/${m}`));
    expect(cases.every((c) => paths.has(c.path))).toBe(true);
  });

  // Random JSON (`fc.json`) may come out an object, without a token: labelled alike.
  it("carries mostly text that is not a JSON object", () => {
    const texts = cases
      .filter((c) => c.label.endsWith("non-object data"))
      .map((c) =>
        c.method === "GET"
          ? decodeURIComponent(c.query!)
          : Buffer.from(c.body!)
              .toString("utf8")
              .replace(/^\ufeff/, ""),
      );
    const objects = texts.filter((text) => {
      try {
        const parsed = JSON.parse(text);
        return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed);
      } catch {
        return false;
      }
    });
    expect(objects.length).toBeLessThan(texts.length / 4);
    expect(objects.every((text) => !text.includes(testFixture.tokens.alphaRead))).toBe(true);
  });
});
