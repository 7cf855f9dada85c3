import { describe, expect, it } from "vitest";
import { difference } from "./difference.js";
import { diffSchema } from "./diffSchema.js";

describe(diffSchema, () => {
  it("reports nothing for equal schemas", () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };
    expect(diffSchema(schema, structuredClone(schema), { direction: "request", path: "$" })).toEqual([]);
  });

  it("judges the same change by direction: a new enum value widens a request and breaks a response", () => {
    const base = { type: "string", enum: ["a"] };
    const next = { type: "string", enum: ["a", "b"] };
    expect(diffSchema(base, next, { direction: "request", path: "$.p" })).toEqual([
      difference("request.enum-value-added", "$.p.enum", 'value "b" was added'),
    ]);
    expect(diffSchema(base, next, { direction: "response", path: "$.p" })).toEqual([
      difference("response.enum-value-added", "$.p.enum", 'value "b" was added'),
    ]);
  });

  it("reads open enums by $defs name, and the root's by rootName", () => {
    const base = { properties: { s: { $ref: "#/$defs/Status" } }, $defs: { Status: { enum: ["a"] } } };
    const next = { properties: { s: { $ref: "#/$defs/Status" } }, $defs: { Status: { enum: ["a", "b"] } } };
    const openEnums = new Set(["Status", "Kind"]);
    expect(
      diffSchema(base, next, { direction: "response", path: "$", openEnums }).map((d) => d.rule),
    ).toEqual(["response.open-enum-value-added"]);
    expect(
      diffSchema(
        { enum: [1] },
        { enum: [1, 2] },
        { direction: "response", path: "$", openEnums, rootName: "Kind" },
      ),
    ).toEqual([difference("response.open-enum-value-added", "$.enum", "value 2 was added")]);
  });

  it("compares a $ref to the root once, as already followed", () => {
    const list = (item: string) => ({
      type: "object",
      properties: { value: { type: item }, next: { anyOf: [{ $ref: "#" }, { type: "null" }] } },
    });
    expect(diffSchema(list("string"), list("number"), { direction: "request", path: "$" })).toEqual([
      difference("request.type-changed", "$.properties.value.type", "type changed: string → number"),
    ]);
  });
});
