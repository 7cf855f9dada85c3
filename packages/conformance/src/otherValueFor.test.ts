import { toJsonSchema } from "@wsafe/schema/openapi";
import { describe, expect, it } from "vitest";
import { otherValueFor } from "./otherValueFor.js";

const root = toJsonSchema("equipments.list.params") as Record<string, unknown> & {
  properties: Record<string, unknown>;
};
const other = (key: string, current: unknown) => otherValueFor(root.properties[key], root, current);

describe(otherValueFor, () => {
  it("picks another enum value, the default standing for an absent parameter", () => {
    expect(other("service_type", undefined)).toBe("out");
    expect(other("service_type", "out")).toBe("in");
  });

  it("picks a one-element subset that differs from the list as a set", () => {
    expect(other("status", undefined)).toEqual(["uptodate"]);
    expect(other("status", [])).toEqual(["uptodate"]);
    expect(other("status", ["uptodate"])).toEqual(["expiring"]);
    expect(other("status", ["expired", "uptodate"])).toEqual(["uptodate"]);
  });

  it("moves an instant by one millisecond, and stays inside a maximum", () => {
    expect(other("as_of", 1717230000000)).toBe(1717230000001);
    expect(other("limit", 1)).toBe(2);
    expect(other("limit", 1000)).toBe(999);
  });

  it("negates a boolean and makes up another string", () => {
    expect(other("include_null_metavalues", undefined)).toBe(true);
    expect(other("pretty", true)).toBe(false);
    expect(other("equipmentType_id", "et_harness")).toBe("et_harness-conformance-other");
  });

  it("gives up on a schema it cannot vary", () => {
    expect(otherValueFor({}, root, 1)).toBeUndefined();
    expect(otherValueFor({ type: "array", items: { type: "string" } }, root, [])).toBeUndefined();
  });
});
