// Pins what `valueAt` finds at a zod issue's path: the value a problem quotes ("got
// \"yesterday\""), and `undefined` (a missing field) wherever the path leads nowhere in JSON.
import { describe, expect, it } from "vitest";
import { valueAt } from "./valueAt.js";

const dataset = {
  users: [{ id: "u_1", name: "Ada", manager_id: null }],
  equipments: [{ id: "eq_1", serialNumber: "S1", notes: "" }],
};

describe(valueAt, () => {
  it("follows keys and list positions to the value", () => {
    expect(valueAt(dataset, ["users", 0, "id"])).toBe("u_1");
    expect(valueAt(dataset, ["equipments", 0, "notes"])).toBe("");
    expect(valueAt(dataset, ["users", 0, "manager_id"])).toBeNull();
    expect(valueAt(dataset, [])).toBe(dataset);
  });

  it("finds nothing at a field or position the payload does not have", () => {
    expect(valueAt(dataset, ["users", 0, "email"])).toBeUndefined();
    expect(valueAt(dataset, ["users", 3, "id"])).toBeUndefined();
    expect(valueAt(dataset, ["tokens", 0])).toBeUndefined();
  });

  // A string has a `length` and characters at indexes, a JSON string has no fields.
  it("finds nothing inside a string, a number or true", () => {
    expect(valueAt(dataset, ["users", 0, "name", "length"])).toBeUndefined();
    expect(valueAt(dataset, ["users", 0, "name", 0])).toBeUndefined();
    expect(valueAt({ created: 1 }, ["created", "toFixed"])).toBeUndefined();
    expect(valueAt({ isInService: true }, ["isInService", "valueOf"])).toBeUndefined();
  });

  it("finds nothing inside null", () => {
    expect(valueAt(dataset, ["users", 0, "manager_id", "id"])).toBeUndefined();
    expect(valueAt(null, ["id"])).toBeUndefined();
  });

  it("reads no inherited property as a field", () => {
    expect(valueAt({}, ["constructor"])).toBeUndefined();
    expect(valueAt({ users: [] }, ["users", "map"])).toBeUndefined();
  });

  // zod paths are keys and numbers; a symbol names nothing a JSON payload can hold.
  it("finds nothing at a symbol key", () => {
    const key = Symbol("id");
    expect(valueAt({ [key]: "u_1" }, [key])).toBeUndefined();
  });
});
