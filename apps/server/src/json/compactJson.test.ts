import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactJson } from "./compactJson.js";

describe(compactJson, () => {
  it("drops the spaces PostgreSQL writes between tokens, never inside strings", () => {
    const fromPostgres =
      '[{"id" : "eq 1", "tags" : ["a, b", "c : d"], "n" : {"x": 1.5, "q": "say \\"hi\\" \\\\"}}, \n {"id" : "é ☃ 𝄞"}]';
    expect(compactJson(fromPostgres).toString("utf8")).toBe(JSON.stringify(JSON.parse(fromPostgres)));
  });

  it("equals JSON.stringify(JSON.parse(text)) for any JSON value, however it was indented", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 1, 2, "\t", " \n "), (value, indent) => {
        const text = JSON.stringify(value, null, indent as number | string);
        expect(compactJson(text).toString("utf8")).toBe(JSON.stringify(JSON.parse(text)));
      }),
      { numRuns: 500 },
    );
  });
});
