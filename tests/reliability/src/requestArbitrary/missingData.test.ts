import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { missingData } from "./missingData.js";

describe(missingData, () => {
  it("sends each of the four requests without data", () => {
    const cases = fc.sample(missingData(fc.constant("/v1/users.info")), { seed: 1, numRuns: 100 });
    const byLabel = Object.fromEntries(cases.map((c) => [c.label, c]));
    expect(Object.keys(byLabel).sort()).toEqual([
      "GET empty query",
      "GET without query",
      "POST BOM only",
      "POST without body",
    ]);
    expect(byLabel["GET without query"]).toMatchObject({ method: "GET", query: undefined, body: undefined });
    expect(byLabel["GET empty query"]).toMatchObject({ method: "GET", query: "", body: undefined });
    expect(byLabel["POST without body"]).toMatchObject({
      method: "POST",
      body: undefined,
      contentType: undefined,
    });
    expect([...byLabel["POST BOM only"]!.body!]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
