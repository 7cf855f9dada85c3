import { describe, expect, it } from "vitest";
import * as z from "zod";
import { methods } from "../registry.js";
import { componentIdOf, openApiComponentSchemas, withoutDefaults } from "./openApiComponents.js";

/** Every `default` keyword anywhere in a JSON Schema. */
const defaultsIn = (value: unknown): unknown[] =>
  Array.isArray(value)
    ? value.flatMap(defaultsIn)
    : value && typeof value === "object"
      ? Object.entries(value).flatMap(([key, inner]) => (key === "default" ? [inner] : defaultsIn(inner)))
      : [];

describe(withoutDefaults, () => {
  it("drops `default` at every depth: properties, items, unions, negations, maps", () => {
    const schema = {
      type: "object",
      default: {},
      properties: {
        a: { type: "string", default: "x" },
        b: { type: "array", items: { type: "integer", default: 1 }, default: [] },
        c: { anyOf: [{ type: "null", default: null }, { type: "string" }] },
        d: { oneOf: [{ type: "string", default: "y" }] },
        e: { allOf: [{ default: 2 }] },
        f: { not: { default: 3, type: "string" } },
        g: { type: "object", additionalProperties: { type: "string", default: "z" } },
        h: { type: "array", items: [{ default: 4 }] },
      },
    };
    const stripped = withoutDefaults(structuredClone(schema));
    expect(defaultsIn(stripped)).toEqual([]);
    // Everything else stays, in place.
    expect(stripped).toEqual({
      type: "object",
      properties: {
        a: { type: "string" },
        b: { type: "array", items: { type: "integer" } },
        c: { anyOf: [{ type: "null" }, { type: "string" }] },
        d: { oneOf: [{ type: "string" }] },
        e: { allOf: [{}] },
        f: { not: { type: "string" } },
        g: { type: "object", additionalProperties: { type: "string" } },
        h: { type: "array", items: [{}] },
      },
    });
  });

  it("leaves a schema's values that are not schemas alone", () => {
    expect(withoutDefaults({ enum: ["a", "b"], const: 1, additionalProperties: false })).toEqual({
      enum: ["a", "b"],
      const: 1,
      additionalProperties: false,
    });
  });

  // toStrictEqual: a keyword set to undefined would be a key the schema did not have.
  it("keeps boolean schemas as booleans, and adds no keyword the schema did not have", () => {
    expect(
      withoutDefaults({
        type: "object",
        default: {},
        properties: { tags: { type: "array", items: true, default: [] } },
        additionalProperties: true,
        anyOf: [true, { type: "object" }],
      }),
    ).toStrictEqual({
      type: "object",
      properties: { tags: { type: "array", items: true } },
      additionalProperties: true,
      anyOf: [true, { type: "object" }],
    });
    expect(withoutDefaults({ type: "string", default: "x" })).toStrictEqual({ type: "string" });
  });
});

describe(componentIdOf, () => {
  it("is the schema's .meta id, the name of its component", () => {
    expect(componentIdOf(methods["users.info"].params)).toBe("UsersInfoParams");
  });

  it("refuses a schema without an id, saying what the registry needs", () => {
    expect(() => componentIdOf(z.string())).toThrow(new Error("every registry schema needs a .meta id"));
  });
});

// Built in each test: Stryker credits code run outside a test to no test.
describe(openApiComponentSchemas, () => {
  it("lists the components by name, sorted, so the document is stable", () => {
    const components = openApiComponentSchemas();
    const names = Object.keys(components);
    expect(names).toEqual([...names].sort());
    expect(names).toContain("EquipmentsListParams");
  });

  it("has no default in a method's request data, and keeps the dataset's", () => {
    const components = openApiComponentSchemas();
    for (const name of ["EquipmentsListParams", "EquipmentTypesListParams", "ResourcesListParams"])
      expect(defaultsIn(components[name])).toEqual([]);
    expect(defaultsIn(components.Dataset).length).toBeGreaterThan(0);
  });

  it("describes request data as a caller writes it: a defaulted parameter is optional", () => {
    const components = openApiComponentSchemas();
    expect(components.EquipmentsListParams?.required).toEqual(["token", "equipmentType_id"]);
  });

  it("carries neither $schema nor $id: the document's dialect and URL hold", () => {
    const components = openApiComponentSchemas();
    for (const schema of Object.values(components)) {
      expect(schema).not.toHaveProperty("$schema");
      expect(schema).not.toHaveProperty("$id");
    }
  });
});
