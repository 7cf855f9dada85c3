import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { type SchemaName, schemaCatalog, schemaNames } from "./catalog.js";
import { compiledSchema } from "./compiledSchema.js";
import { formatIssuePath } from "./formatIssuePath.js";
import { payloadCases } from "./testing/payloads.js";
import { validate } from "./validate.js";

// The generated function z.compile installs as the fast path of each schema (zod's
// compileFn, the same call z.compile makes), to compare its verdict with the
// interpreter's on its own, before any fallback could hide a disagreement.
const fastPaths = new Map(schemaNames.map((name) => [name, z.core.compileFn(schemaCatalog[name].schema)]));

/**
 * Runs the interpreter (the plain zod schema) and the fast path on one payload and
 * requires the same verdict, the same value when valid, and `validate()` answering
 * exactly what the interpreter alone answers.
 */
function expectAgreement(name: SchemaName, payload: unknown): boolean {
  const runtime = schemaCatalog[name].schema.safeParse(structuredClone(payload));
  const fast = fastPaths.get(name)!(structuredClone(payload));
  expect({ name, payload, fastAccepts: fast !== z.INVALID }).toEqual({
    name,
    payload,
    fastAccepts: runtime.success,
  });
  if (runtime.success) expect(isDeepStrictEqual(fast, runtime.data)).toBe(true);
  const expected = runtime.success
    ? { ok: true, value: runtime.data }
    : {
        ok: false,
        issues: runtime.error.issues.map((issue) => ({
          path: formatIssuePath(issue.path),
          message: issue.message,
        })),
      };
  expect(validate(name, structuredClone(payload))).toStrictEqual(expected);
  return runtime.success;
}

// Values that sit on the edges of the checks the schemas make.
const edgeValues = [
  null,
  true,
  false,
  0,
  -0,
  1.5,
  -1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  "",
  "x",
  "1.2.3",
  "expired",
  "file",
  "\u{1F600}",
  [],
  [""],
  ["x"],
  {},
  { item_ids: [1] },
  undefined,
];
const anyValue = fc.oneof(fc.constantFrom(...edgeValues), fc.jsonValue({ maxDepth: 2 }));

/** Every place in a JSON value where a mutation can land: the containers and their keys. */
function containers(value: unknown, found: (Record<string, unknown> | unknown[])[] = []) {
  if (value && typeof value === "object") {
    found.push(value as Record<string, unknown> | unknown[]);
    for (const item of Object.values(value)) containers(item, found);
  }
  return found;
}

type Mutation = { where: number; key: number; op: "replace" | "delete" | "add"; value: unknown };
const mutation = fc.record({
  where: fc.nat(),
  key: fc.nat(),
  op: fc.constantFrom("replace" as const, "delete" as const, "add" as const),
  value: anyValue,
});

/** A copy of `payload` with up to three changes: a value replaced, a key or item removed, one added. */
function mutate(payload: unknown, changes: Mutation[]): unknown {
  const copy = structuredClone(payload);
  for (const change of changes) {
    const { where, key, op } = change;
    // A fresh copy each time: the same generated value placed twice would make a cycle.
    const value = structuredClone(change.value);
    const places = containers(copy);
    if (places.length === 0) return value;
    const place = places[where % places.length]!;
    const keys = Object.keys(place);
    if (op === "add" || keys.length === 0) {
      if (Array.isArray(place)) place.push(value);
      else place[["extra", "id", "status", "ok", "schedules", "metavalues"][key % 6]!] = value;
      continue;
    }
    const chosen = keys[key % keys.length]!;
    if (op === "delete") {
      if (Array.isArray(place)) place.splice(Number(chosen), 1);
      else delete (place as Record<string, unknown>)[chosen];
    } else (place as Record<string, unknown>)[chosen] = value;
  }
  return copy;
}

describe(compiledSchema, () => {
  it.each(schemaNames)("compiles %s (zod would hand back an uncompiled schema otherwise)", (name) => {
    expect(() => z.compile(schemaCatalog[name].schema, { strict: true })).not.toThrow();
    expect(compiledSchema(name)).not.toBe(schemaCatalog[name].schema);
    expect(compiledSchema(name)).toBe(compiledSchema(name));
  });

  it.each(payloadCases)("agrees with zod's interpreter on $schema: $title", ({ schema, payload, valid }) => {
    expect(expectAgreement(schema, payload)).toBe(valid);
  });

  const validCases = payloadCases.filter((c) => c.valid);
  it.each(validCases)("agrees on mutations of $schema: $title", ({ schema, payload }) => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 3 }), (changes) => {
        if (expectAgreement(schema, mutate(payload, changes))) accepted++;
      }),
      { numRuns: 150, seed: 16 },
    );
    // Some mutations stay valid (an added unknown key, a changed string), most do not:
    // both sides of the verdict get exercised.
    expect(accepted).toBeLessThan(150);
  });

  it.each(schemaNames)("agrees on arbitrary JSON values as %s", (name) => {
    fc.assert(
      fc.property(anyValue, (payload) => {
        expectAgreement(name, payload);
      }),
      { numRuns: 60, seed: 16 },
    );
  });

  it("keeps zod's messages for an invalid payload", () => {
    const payload = { ok: true, equipments: [{ id: "", created: 1.5 }] };
    expect(validate("equipments.list.result", payload)).toEqual({
      ok: false,
      issues: [
        { path: "equipments[0].id", message: "Too small: expected string to have >=1 characters" },
        { path: "equipments[0].created", message: "Invalid input: expected int, received number" },
      ],
    });
  });
});
