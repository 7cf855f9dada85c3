import { describe, expect, it } from "vitest";
import { parseParams } from "../parseParams.js";
import { methods } from "../registry.js";
import { registerParamsProblem, registerWriteMethods } from "./registerRules.js";

describe(registerParamsProblem, () => {
  it("covers every write of the register and nothing else", () => {
    const writes = Object.keys(methods).filter((name) =>
      /^(equipments|equipmentTypes|schedules)\./.test(name),
    );
    expect([...registerWriteMethods].sort()).toEqual(
      writes.filter((name) => methods[name as keyof typeof methods].permission === "write").sort(),
    );
  });

  it("refuses text holding NUL anywhere, naming where", () => {
    expect(
      registerParamsProblem("equipments.create", {
        token: "t",
        serialNumber: "SN",
        schedules: [{ schedule_id: "s\u0000" }],
      }),
    ).toEqual({
      error: "parameter_invalid",
      parameter: "schedules[0].schedule_id",
      description: "invalid parameter: schedules[0].schedule_id: must not contain the NUL character (U+0000)",
    });
    expect(
      registerParamsProblem("equipments.update", { id: "e", metavalues: { "mf\u0000": 1 } })?.parameter,
    ).toBe("metavalues.mf\u0000");
    expect(registerParamsProblem("equipments.update", { id: "e", notes: "fine" })).toBeUndefined();
  });

  it("refuses a retirement by id and external_id at once, and allows either alone", () => {
    expect(registerParamsProblem("equipments.retire", { id: "e", external_id: "x" })).toMatchObject({
      parameter: "external_id",
    });
    expect(registerParamsProblem("equipments.retire", { id: "e" })).toBeUndefined();
    expect(registerParamsProblem("equipments.retire", { external_id: "x" })).toBeUndefined();
  });

  it("lets an update by id give or remove the key, and refuses removing it without an id", () => {
    expect(registerParamsProblem("equipments.update", { id: "e", external_id: "x" })).toBeUndefined();
    expect(registerParamsProblem("equipments.update", { id: "e", external_id: null })).toBeUndefined();
    expect(registerParamsProblem("equipments.update", { external_id: null })?.parameter).toBe("external_id");
  });

  it("refuses a metafield id or a schedule_id named twice, naming the second", () => {
    const metafields = [
      { id: "a", name: "A" },
      { id: "b", name: "B" },
      { id: "a", name: "C" },
    ];
    for (const method of ["equipmentTypes.create", "equipmentTypes.update"] as const)
      expect(registerParamsProblem(method, { metafields })?.parameter).toBe("metafields[2].id");
    const schedules = [{ schedule_id: "s" }, { schedule_id: "s" }];
    expect(registerParamsProblem("equipments.create", { schedules })?.parameter).toBe(
      "schedules[1].schedule_id",
    );
  });

  it("refuses a schedule expiring after it expires, as inspections.record does", () => {
    expect(registerParamsProblem("schedules.set", { expiresOn: 10, expiringOn: 11 })?.parameter).toBe(
      "expiringOn",
    );
    expect(registerParamsProblem("schedules.set", { expiresOn: 10, expiringOn: 10 })).toBeUndefined();
    expect(registerParamsProblem("schedules.set", { expiresOn: null, expiringOn: 11 })).toBeUndefined();
    expect(
      registerParamsProblem("equipments.create", {
        schedules: [{ schedule_id: "s", expiresOn: 1, expiringOn: 2 }],
      })?.parameter,
    ).toBe("schedules[0].expiringOn");
  });
});

describe("a method that requires one of a few parameters", () => {
  it("answers parameter_missing naming them when neither is sent, after unknown keys and before values", () => {
    expect(parseParams("equipments.update", { token: "t", notes: "x" })).toEqual({
      ok: false,
      error: "parameter_missing",
      parameter: "id",
      description: "missing parameter: id or external_id",
    });
    expect(parseParams("equipments.retire", { token: "t", nope: 1 })).toMatchObject({
      error: "parameter_unexpected",
    });
    expect(parseParams("equipments.retire", { token: "t", id: 5 })).toMatchObject({
      error: "parameter_invalid",
      parameter: "id",
    });
    expect(parseParams("equipments.retire", { token: "t", external_id: "x" })).toMatchObject({ ok: true });
  });

  it("lists parameter_missing, and its JSON Schema says one is required", () => {
    for (const name of ["equipments.update", "equipments.retire"] as const) {
      expect(methods[name].requiresOneOf).toEqual(["id", "external_id"]);
      expect(methods[name].errors).toContain("parameter_missing");
      expect(methods[name].params.meta()).toMatchObject({
        // The token in each branch too: generated clients read each branch as a whole body.
        anyOf: [
          { required: ["token", "id"], properties: { token: true, id: true } },
          { required: ["token", "external_id"], properties: { token: true, external_id: true } },
        ],
      });
    }
    expect(methods["equipments.create"]).not.toHaveProperty("requiresOneOf");
  });
});
