import { describe, expect, it } from "vitest";
import { difference } from "../difference.js";
import { compareNode } from "./compareNode.js";
import { createSchemaDiffContext } from "./createSchemaDiffContext.js";

const compare = (
  direction: "request" | "response",
  b: unknown,
  n: unknown,
  options: { openEnums?: Set<string>; rootName?: string } = {},
) => {
  const ctx = createSchemaDiffContext(b, n, { direction, ...options });
  compareNode(b, n, "$", ctx, ["#"], ["#"], options.rootName);
  return ctx.out;
};

describe(compareNode, () => {
  it("follows $refs on both sides, so moving a definition is no change", () => {
    const inline = { type: "object", properties: { status: { type: "string", enum: ["a"] } } };
    const referenced = {
      type: "object",
      properties: { status: { $ref: "#/$defs/Status" } },
      $defs: { Status: { type: "string", enum: ["a"] } },
    };
    expect(compare("response", inline, referenced)).toEqual([]);
  });

  it("names the payload's path, not the definition's", () => {
    const base = { properties: { status: { $ref: "#/$defs/Status" } }, $defs: { Status: { enum: ["a"] } } };
    const next = {
      properties: { status: { $ref: "#/$defs/Status" } },
      $defs: { Status: { enum: ["a", "b"] } },
    };
    expect(compare("response", base, next)).toEqual([
      difference("response.enum-value-added", "$.properties.status.enum", 'value "b" was added'),
    ]);
  });

  it("sees a nullable written as a union as one flag, the alternative compared as before", () => {
    expect(
      compare("response", { type: "integer" }, { anyOf: [{ type: "integer" }, { type: "null" }] }),
    ).toEqual([difference("response.nullable-added", "$", "null is now allowed")]);
  });

  it("compares paired union alternatives at their base index", () => {
    const base = { anyOf: [{ type: "string", minLength: 1 }, { type: "integer" }] };
    const next = { anyOf: [{ type: "integer" }, { type: "string", minLength: 3 }] };
    expect(compare("request", base, next)).toEqual([
      difference("request.constraint-tightened", "$.anyOf[0].minLength", "minLength: 1 → 3"),
    ]);
  });

  it("reports alternatives without a partner as removed or added, each at its own index", () => {
    const base = { anyOf: [{ type: "string" }, { type: "boolean" }] };
    const next = { anyOf: [{ type: "object" }, { type: "string" }] };
    expect(compare("response", base, next)).toEqual([
      difference("response.type-narrowed", "$.anyOf[1]", "alternative boolean was removed"),
      difference("response.type-widened", "$.anyOf[0]", "alternative object was added"),
    ]);
  });

  it("compares a single alternative with a union's partner at the node's own path", () => {
    expect(
      compare(
        "request",
        { type: "string" },
        { anyOf: [{ type: "string", maxLength: 2 }, { type: "integer" }] },
      ),
    ).toEqual([
      difference("request.constraint-tightened", "$.maxLength", "maxLength: none → 2"),
      difference("request.type-widened", "$.anyOf[1]", "alternative integer was added"),
    ]);
  });

  it("names a root reached without a $ref by rootName, so an open record enum may grow", () => {
    const options = { openEnums: new Set(["ErrorIdentifier"]), rootName: "ErrorIdentifier" };
    expect(compare("response", { enum: ["a"] }, { enum: ["a", "b"] }, options).map((d) => d.rule)).toEqual([
      "response.open-enum-value-added",
    ]);
  });

  it("ends on recursive schemas", () => {
    const tree = (name: string) => ({
      type: "object",
      properties: { name: { type: name }, children: { type: "array", items: { $ref: "#" } } },
    });
    expect(compare("response", tree("string"), tree("integer"))).toEqual([
      difference("response.type-changed", "$.properties.name.type", "type changed: string → integer"),
    ]);
  });
});
