// The oracle on the register's writes and feed (issue 49): the rules beyond the schema
// before any lookup, the lookups of the fixture, and the fuzzer's promise to write
// nothing: no call it draws is one the oracle lets succeed at a write.
import { createTenantFixture } from "@wsafe/test-support";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createOracle, type Expectation, mayWrite } from "./oracle.js";
import { apiCall } from "./requestArbitrary/apiCall.js";
import type { RequestCase } from "./requestCase.js";

// Tokens the oracle knows: the dataset's own (testFixture's fixed ones are not in it).
const fixture = createTenantFixture();
const oracle = createOracle(fixture);
const { alphaWriteOnly: write, alphaRead: read } = fixture.tokens;

const post = (method: string, data: object): RequestCase => ({
  method: "POST",
  path: `/v1/${method}`,
  query: undefined,
  body: new TextEncoder().encode(JSON.stringify(data)),
  contentType: "application/json",
  label: `POST ${method}`,
});

/** The outcomes allowed, and the parameter a refusal must name. */
const outcome = (expected: Expectation) =>
  expected.kind === "envelope"
    ? { allowed: [...expected.allowed].sort(), parameter: expected.parameter, account: expected.account }
    : expected;

describe("the oracle on the register", () => {
  it.each([
    ["equipments.retire", { id: "eq_alpha_1", external_id: "K-1" }, "external_id"],
    ["equipments.update", { external_id: null, notes: "x" }, "external_id"],
    ["schedules.set", { equipment_id: "eq_1", schedule_id: "s", expiresOn: 2, expiringOn: 3 }, "expiringOn"],
    ["equipments.create", { equipmentType_id: "et_alpha", serialNumber: "A\u0000" }, "serialNumber"],
    [
      "equipmentTypes.create",
      {
        name: "T",
        metafields: [
          { id: "m", name: "a" },
          { id: "m", name: "b" },
        ],
      },
      "metafields[1].id",
    ],
  ])("refuses %s's rule beyond the schema before any lookup: %j", (method, data, parameter) => {
    expect(outcome(oracle(post(method, { token: write, ...data })))).toEqual({
      allowed: ["parameter_invalid"],
      parameter,
      account: undefined,
    });
  });

  it("finds no equipment by id or external_id, nor any schedule's: content_not_found", () => {
    for (const [method, data] of [
      ["equipments.update", { external_id: "K-1", notes: "x" }],
      ["equipments.update", { id: "eq_alpha_1", if_version: 1 }],
      ["equipments.retire", { external_id: "K-1" }],
      ["schedules.set", { equipment_id: "eq_alpha_1", schedule_id: "sch_alpha_a", interval: "P1Y" }],
      ["schedules.remove", { equipment_id: "eq_alpha_1", schedule_id: "sch_alpha_a" }],
      ["equipmentTypes.update", { id: "et_beta", name: "Mine" }],
      ["equipments.create", { equipmentType_id: "et_beta", serialNumber: "X" }],
    ] as const)
      expect(outcome(oracle(post(method, { token: write, ...data }))), method).toMatchObject({
        allowed: ["content_not_found"],
      });
  });

  it("holds a create of the account's type to its users and its type's metafields, in either order", () => {
    const create = (data: object) =>
      oracle(
        post("equipments.create", { token: write, equipmentType_id: "et_alpha", serialNumber: "X", ...data }),
      );
    expect(outcome(create({ metavalues: { mf_beta_len: 1 } }))).toEqual({
      allowed: ["parameter_invalid"],
      parameter: "metavalues",
      account: undefined,
    });
    expect(outcome(create({ assignedUsers_id: ["u_beta_1"] }))).toMatchObject({
      allowed: ["content_not_found"],
    });
    expect(outcome(create({ assignedUsers_id: ["u_nope"], metavalues: { mf_nope: 1 } }))).toMatchObject({
      allowed: ["content_not_found", "parameter_invalid"],
    });
    // Valid: it would write, and the fuzzer never sends it.
    const valid = create({ assignedUsers_id: ["u_alpha_1"], metavalues: { mf_alpha_len: 2 } });
    expect(outcome(valid)).toMatchObject({ allowed: ["ok"], account: "alpha" });
    expect(mayWrite(valid)).toBe(true);
    expect(
      mayWrite(oracle(post("equipmentTypes.update", { token: write, id: "et_alpha", name: "Renamed" }))),
    ).toBe(true);
  });

  it("answers the caller's own feed, and refuses a cursor it made up", () => {
    expect(outcome(oracle(post("equipments.changes", { token: read })))).toEqual({
      allowed: ["ok"],
      parameter: undefined,
      account: "alpha",
    });
    expect(outcome(oracle(post("equipments.changes", { token: read, cursor: "v1.made.up" })))).toMatchObject({
      allowed: ["parameter_invalid"],
      parameter: "cursor",
    });
  });

  it("draws no call that would succeed at a write, and still reaches the register's lookups", () => {
    const calls = fc.sample(apiCall(fixture, Date.UTC(2026, 10, 26)), { seed: 49, numRuns: 4000 });
    expect(calls.filter((call) => mayWrite(oracle(call)))).toEqual([]);
    const register = calls.filter((call) =>
      /equipments\.(create|update|retire)|schedules\.|equipmentTypes\.(create|update)/.test(call.path),
    );
    const outcomes = new Set(
      register.flatMap((call) => [...((oracle(call) as { allowed?: Set<string> }).allowed ?? [])]),
    );
    for (const reached of ["content_not_found", "parameter_invalid", "parameter_missing", "token_permission"])
      expect(outcomes, reached).toContain(reached);
  });
});
