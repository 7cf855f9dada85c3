import { describe, expect, it } from "vitest";
import { parseParams } from "./parseParams.js";

describe(parseParams, () => {
  it("accepts valid data and applies the defaults", () => {
    expect(parseParams("equipments.list", { token: "t", equipmentType_id: "et" })).toEqual({
      ok: true,
      params: { token: "t", equipmentType_id: "et", service_type: "in", include_null_metavalues: false },
    });
  });

  it("reports an unknown key before a missing one and an invalid one", () => {
    expect(parseParams("equipments.list", { token: "t", service_type: 3, colums: [] })).toEqual({
      ok: false,
      error: "parameter_unexpected",
      parameter: "colums",
      description: "unexpected parameter: colums",
    });
  });

  it("quotes at most the first 100 characters of an unknown key", () => {
    const key = `k${"x".repeat(100_000)}`;
    expect(parseParams("resources.list", { token: "t", [key]: 1 })).toEqual({
      ok: false,
      error: "parameter_unexpected",
      parameter: key,
      description: `unexpected parameter: k${"x".repeat(99)}… (99901 more characters)`,
    });
  });

  it("reports a missing key before an invalid one", () => {
    expect(parseParams("equipments.list", { token: "t", service_type: "sideways" })).toEqual({
      ok: false,
      error: "parameter_missing",
      parameter: "equipmentType_id",
      description: "missing parameter: equipmentType_id",
    });
  });

  it("names the offending parameter of an invalid value, down to the array element", () => {
    const result = parseParams("equipments.list", {
      token: "t",
      equipmentType_id: "et",
      columns: ["id", "colour"],
    });
    expect(result).toMatchObject({ ok: false, error: "parameter_invalid", parameter: "columns" });
    expect(result.ok || result.description).toMatch(/^invalid parameter: columns\[1\]: /);
  });

  it("treats a null value as invalid, not missing", () => {
    expect(parseParams("users.info", { token: "t", user: null })).toMatchObject({
      error: "parameter_invalid",
      parameter: "user",
    });
  });

  it("refuses pretty and booleans written as strings", () => {
    expect(parseParams("resources.list", { token: "t", pretty: "true" })).toMatchObject({
      error: "parameter_invalid",
    });
    expect(
      parseParams("equipments.list", { token: "t", equipmentType_id: "e", include_null_metavalues: "1" }),
    ).toMatchObject({
      error: "parameter_invalid",
      parameter: "include_null_metavalues",
    });
  });

  it("treats prototype keys as ordinary unknown keys", () => {
    const data = JSON.parse('{"token":"t","__proto__":{"polluted":true}}');
    expect(parseParams("resources.list", data)).toMatchObject({
      error: "parameter_unexpected",
      parameter: "__proto__",
    });
    expect(parseParams("resources.list", { token: "t", constructor: 1 })).toMatchObject({
      error: "parameter_unexpected",
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("accepts users.info ids as strings or safe non-negative integers only", () => {
    expect(parseParams("users.info", { token: "t", user: 42 })).toMatchObject({
      ok: true,
      params: { user: 42 },
    });
    expect(parseParams("users.info", { token: "t", user: 2 ** 60 })).toMatchObject({
      error: "parameter_invalid",
    });
    expect(parseParams("users.info", { token: "t", user: "" })).toMatchObject({ error: "parameter_invalid" });
  });
});
