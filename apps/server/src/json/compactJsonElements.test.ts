import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactJson } from "./compactJson.js";
import { compactJsonElements } from "./compactJsonElements.js";

describe(compactJsonElements, () => {
  it("writes the prefix and the elements joined by commas, compact, multi-byte text intact", () => {
    const elements = ['{"id" : "e 1", "n" : [1, 2]}', '{"notes" : "é ☃ 𝄞 \\" , "}'];
    expect(compactJsonElements('{"ok":true,"equipments":[', elements).toString("utf8")).toBe(
      '{"ok":true,"equipments":[{"id":"e 1","n":[1,2]},{"notes":"é ☃ 𝄞 \\" , "}',
    );
  });

  it("writes only the prefix for no elements", () => {
    expect(compactJsonElements(",", []).toString("utf8")).toBe(",");
  });

  it("equals compactJson of the prefix and the joined elements for any JSON values", () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), fc.constantFrom(0, 2, " \n "), (values, indent) => {
        const elements = values.map((value) => JSON.stringify(value, null, indent as number | string));
        expect(compactJsonElements(",", elements)).toEqual(compactJson(`,${elements.join(",")}`));
      }),
      { numRuns: 300 },
    );
  });
});
