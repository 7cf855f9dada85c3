import { describe, expect, it } from "vitest";
import { propertyRows, rulesText, type SchemaNode, typeText } from "./jsonSchemaText.js";

const root: SchemaNode = {
  type: "object",
  properties: {
    service_type: { $ref: "#/$defs/ServiceType", default: "in", description: "Which equipment." },
    columns: { type: "array", items: { $ref: "#/$defs/EquipmentField" } },
    schedules: { type: "array", items: { $ref: "#/$defs/Schedule" } },
    user: {
      anyOf: [
        { type: "string", minLength: 1 },
        { type: "integer", minimum: 0, maximum: 9007199254740991 },
      ],
    },
    expiresOn: { anyOf: [{ type: "integer" }, { type: "null" }] },
    ok: { type: "boolean", const: true },
  },
  required: ["user", "ok"],
  $defs: {
    ServiceType: { type: "string", enum: ["in", "out", "all"] },
    EquipmentField: { type: "string", enum: ["id", "serialNumber", "created", "status", "notes"] },
    Schedule: { type: "object" },
  },
};
const property = (name: string) => (root.properties as Record<string, SchemaNode>)[name]!;

describe("typeText", () => {
  it("spells short enums as their literals", () => {
    expect(typeText(property("service_type"), root)).toBe('`"in"` | `"out"` | `"all"`');
  });

  it("links records that have a page", () => {
    expect(typeText(property("schedules"), root)).toBe("[Schedule](/records/schedule/)[]");
  });

  it("writes unions, nullables and constants", () => {
    expect(typeText(property("user"), root)).toBe("string | integer");
    expect(typeText(property("expiresOn"), root)).toBe("integer | null");
    expect(typeText(property("ok"), root)).toBe("`true`");
  });
});

describe("rulesText", () => {
  it("lists long enums and the rules of each union member, but not the safe-integer bounds", () => {
    expect(rulesText(property("columns"), root)).toEqual([
      "each item one of `id`, `serialNumber`, `created`, `status`, `notes`",
    ]);
    expect(rulesText(property("user"), root)).toEqual(["as string: non-empty", "as integer: at least 0"]);
  });
});

describe("propertyRows", () => {
  it("keeps schema order, required flags, defaults and descriptions", () => {
    const rows = propertyRows(root, root);
    expect(rows.map((row) => row.name)).toEqual([
      "service_type",
      "columns",
      "schedules",
      "user",
      "expiresOn",
      "ok",
    ]);
    expect(rows[0]).toMatchObject({ required: false, default: '`"in"`', description: "Which equipment." });
    expect(rows[3]!.required).toBe(true);
  });
});
