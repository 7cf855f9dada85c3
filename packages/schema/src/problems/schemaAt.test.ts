// Pins which schema `schemaAt` finds at a zod issue's path, the schema a problem is worded
// from ("must be an integer (ms since the epoch)", "did you mean"), and `unwrapSchema`,
// which looks through the wrappers around it.
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { schemaAt, unwrapSchema } from "./schemaAt.js";

const created = z.int().describe("When it was created. Milliseconds since the Unix epoch.");
const schedule = z.object({ schedule_id: z.string(), expiresOn: z.int().nullable() });
const equipment = z.object({
  id: z.string(),
  created,
  schedules: z.array(schedule).optional(),
  metavalues: z.record(z.string(), z.union([z.number(), z.string()])),
});
const dataset = z.object({ equipments: z.array(equipment).default([]) });

describe(schemaAt, () => {
  it("follows fields and list positions to the schema of a field", () => {
    expect(schemaAt(dataset, [])).toBe(dataset);
    expect(schemaAt(dataset, ["equipments", 0, "created"])).toBe(created);
    expect(schemaAt(dataset, ["equipments", 2, "schedules", 0])).toBe(schedule);
    expect(schemaAt(dataset, ["equipments", 2, "schedules", 0, "expiresOn"])).toBe(schedule.shape.expiresOn);
  });

  it("gives every key of a record the record's value schema", () => {
    expect(schemaAt(dataset, ["equipments", 0, "metavalues", "mf_1"])).toBe(
      equipment.shape.metavalues.valueType,
    );
  });

  it("knows no schema for a field the schema does not have, nor anything under it", () => {
    expect(schemaAt(dataset, ["equipments", 0, "colour"])).toBeUndefined();
    expect(schemaAt(dataset, ["equipments", 0, "colour", "name"])).toBeUndefined();
    expect(schemaAt(dataset, ["equipments", 0, "constructor"])).toBeUndefined();
  });

  it("knows no schema inside a string or a number", () => {
    expect(schemaAt(dataset, ["equipments", 0, "id", 0])).toBeUndefined();
    expect(schemaAt(dataset, ["equipments", 0, "created", "toFixed"])).toBeUndefined();
  });

  // zod's paths step into a list by position only; a key names no element.
  it("steps into a list by position, not by key", () => {
    expect(schemaAt(dataset, ["equipments", "0", "created"])).toBeUndefined();
    expect(schemaAt(dataset, ["equipments", 0, 1])).toBeUndefined();
  });

  // Which option of a union applies is the question the problem is about.
  it("knows no schema inside a union", () => {
    expect(schemaAt(dataset, ["equipments", 0, "metavalues", "mf_1", "item_ids"])).toBeUndefined();
  });

  it("looks through a transform and a lazy schema", () => {
    const trimmed = z.object({ name: z.string() }).transform((user) => ({ ...user, name: user.name.trim() }));
    expect(schemaAt(z.object({ user: trimmed }), ["user", "name"])).toBe(trimmed.in.shape.name);
    const id = z.string();
    const node: z.ZodType = z.lazy(() => z.object({ id, children: z.array(node) }));
    expect(schemaAt(node, ["children", 0, "children", 1, "id"])).toBe(id);
  });
});

/** The schema under the wrappers and whether null gets through, with the inner schema compared by identity. */
function expectUnwrapped(schema: z.core.$ZodType, inner: z.core.$ZodType, nullable: boolean) {
  const unwrapped = unwrapSchema(schema);
  expect(unwrapped.inner).toBe(inner);
  expect(unwrapped.nullable).toBe(nullable);
}

describe(unwrapSchema, () => {
  it("finds the schema under optional, default and the other wrappers", () => {
    expectUnwrapped(created.optional().default(1).readonly(), created, false);
    expectUnwrapped(created.catch(0).nonoptional().prefault(1), created, false);
  });

  it("tells whether a wrapper on the way lets null through", () => {
    expectUnwrapped(created.nullable(), created, true);
    expectUnwrapped(created.nullable().optional(), created, true);
    expectUnwrapped(created.nullish(), created, true);
  });

  it("finds the input schema of a transform and the schema a lazy one stands for", () => {
    expectUnwrapped(created.transform(String), created, false);
    expectUnwrapped(
      z.lazy(() => created.nullable()),
      created,
      true,
    );
  });

  it("leaves a schema without wrappers as it is", () => {
    const union = z.union([z.number(), z.null()]);
    expectUnwrapped(union, union, false);
  });
});
