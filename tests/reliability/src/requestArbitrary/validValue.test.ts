import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toJsonText } from "../jsonText.js";
import { adversarialValue } from "./adversarialValue.js";
import { validValue } from "./validValue.js";

const ids = ["et_alpha", "u_alpha_1", "1042"];
const sample = (schema: Parameters<typeof validValue>[0], defs = {}) =>
  fc.sample(validValue(schema, defs, ids), { seed: 1, numRuns: 300 }).map(toJsonText);

describe(validValue, () => {
  it("draws enum values, following a $ref into the defs", () => {
    const values = sample({ $ref: "#/$defs/ServiceType" }, { ServiceType: { enum: ["in", "out", "all"] } });
    expect(new Set(values)).toEqual(new Set(['"in"', '"out"', '"all"']));
  });

  it("draws integers from the numeric ids, within the minimum, and the maximum itself", () => {
    const values = sample({ type: "integer", minimum: 0, maximum: 9007199254740991 }).map(Number);
    expect(values).toContain(1042);
    expect(values).toContain(9007199254740991);
    expect(values.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
  });

  it("draws strings mostly from the ids", () => {
    const values = sample({ type: "string", minLength: 1 });
    const fromIds = values.filter((value) => ids.includes(JSON.parse(value)));
    expect(fromIds.length).toBeGreaterThan(values.length / 2);
    expect(values.every((value) => JSON.parse(value).length >= 1)).toBe(true);
  });

  it("draws arrays of valid items, and any alternative of a union", () => {
    const arrays = sample({ type: "array", items: { enum: ["id", "status"] } });
    expect(
      arrays.every((value) => JSON.parse(value).every((item: string) => ["id", "status"].includes(item))),
    ).toBe(true);
    const union = sample({ anyOf: [{ type: "boolean" }, { enum: ["x"] }] });
    expect(new Set(union)).toEqual(new Set(["true", "false", '"x"']));
  });

  it("falls back to adversarial values for a schema it cannot read", () => {
    expect(validValue({}, {}, ids)).toBe(adversarialValue());
  });
});
