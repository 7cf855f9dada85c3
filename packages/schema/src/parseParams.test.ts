import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { formatIssuePath } from "./formatIssuePath.js";
import { parseParams, parseStreamParams } from "./parseParams.js";
import { quoteInput } from "./quoteInput.js";
import { type MethodName, methodNames, methods } from "./registry.js";

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

/**
 * parseParams as it was before its plan and compiled schema: the interpreter on every
 * call, required keys found by parsing `undefined`. The fast version must answer the same.
 */
function interpreterParseParams(method: MethodName, data: Record<string, unknown>) {
  const schema = methods[method].params as z.ZodObject;
  const shape = schema.shape as Record<string, z.ZodType>;
  for (const key of Object.keys(data)) {
    if (!Object.hasOwn(shape, key))
      return {
        ok: false,
        error: "parameter_unexpected",
        parameter: key,
        description: `unexpected parameter: ${quoteInput(key)}`,
      };
  }
  for (const [key, field] of Object.entries(shape)) {
    if (!Object.hasOwn(data, key) && !field.safeParse(undefined).success)
      return {
        ok: false,
        error: "parameter_missing",
        parameter: key,
        description: `missing parameter: ${key}`,
      };
  }
  const oneOf = methods[method].requiresOneOf ?? [];
  if (oneOf.length > 0 && !oneOf.some((key) => Object.hasOwn(data, key)))
    return {
      ok: false,
      error: "parameter_missing",
      parameter: oneOf[0],
      description: `missing parameter: ${oneOf.join(" or ")}`,
    };
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, params: parsed.data };
  const issue = parsed.error.issues[0]!;
  return {
    ok: false,
    error: "parameter_invalid",
    parameter: String(issue.path[0] ?? ""),
    description: `invalid parameter: ${quoteInput(formatIssuePath(issue.path))}: ${issue.message}`,
  };
}

describe("parseParams with the compiled schema", () => {
  // Request data as the server decodes it: objects with a null prototype.
  const nullPrototype = (value: Record<string, unknown>) => Object.assign(Object.create(null), value);
  const keysOf = (method: MethodName) => Object.keys((methods[method].params as z.ZodObject).shape);
  const values = fc.oneof(
    fc.constantFrom(
      undefined,
      null,
      true,
      false,
      0,
      -1,
      1,
      1.5,
      500,
      1001,
      "",
      "t",
      "in",
      "out",
      [],
      ["id"],
      {},
    ),
    fc.jsonValue({ maxDepth: 2 }),
  );

  it("answers exactly what zod's interpreter answers, on null-prototype data", () => {
    for (const method of methodNames) {
      fc.assert(
        fc.property(
          fc.dictionary(fc.constantFrom(...keysOf(method), "token", "extra"), values, { maxKeys: 6 }),
          (data) => {
            const cleaned = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
            expect(parseParams(method, nullPrototype(cleaned))).toStrictEqual(
              interpreterParseParams(method, nullPrototype(cleaned)),
            );
          },
        ),
        { numRuns: 300 },
      );
    }
  });
});

describe(parseStreamParams, () => {
  it("checks events.stream's input in the methods' order, with their words", () => {
    expect(parseStreamParams("events.stream", { token: "t", type: [] })).toEqual({
      ok: false,
      error: "parameter_unexpected",
      parameter: "type",
      description: "unexpected parameter: type",
    });
    expect(parseStreamParams("events.stream", { types: [] })).toEqual({
      ok: false,
      error: "parameter_missing",
      parameter: "token",
      description: "missing parameter: token",
    });
    const invalid = parseStreamParams("events.stream", { token: "t", types: ["equipment.exploded"] });
    expect(invalid).toMatchObject({ ok: false, error: "parameter_invalid", parameter: "types" });
    expect(invalid.ok || invalid.description).toMatch(/^invalid parameter: types\[0\]: /);
  });

  it("answers the input it accepts", () => {
    expect(parseStreamParams("events.stream", { token: "t", from: 0, lastEventId: null })).toEqual({
      ok: true,
      params: { token: "t", from: 0, lastEventId: null },
    });
  });
});
