import {
  methodNames,
  methods,
  parseParams,
  registerParamsProblem,
  registerWriteMethods,
} from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { refusedProbeFrom, refusedProbeOf } from "./refusedProbes.js";

const writes = methodNames.filter((method) => methods[method].permission === "write");

describe(refusedProbeOf, () => {
  it("sends an endpoint's documented lookup with an id no deployment holds", () => {
    expect(refusedProbeOf("webhooks.delete")).toEqual({
      params: { id: "conformance_no_such_wh_other_account" },
      error: "content_not_found",
      what: "with id conformance_no_such_wh_other_account (held by no deployment)",
    });
  });

  it("refuses a webhook at its private address, never with the public one of its lookup example", () => {
    // webhooks.create documents a content_not_found too, of a request to a public
    // address: a service whose lookup failed would make an endpoint that sends there.
    expect(refusedProbeOf("webhooks.create")).toEqual({
      params: { url: "https://10.0.0.5/hooks" },
      error: "parameter_invalid",
      mentions: "url",
      what: "with url https://10.0.0.5/hooks (a private address is refused)",
    });
  });

  it("rewrites every id of a write's probe, and sends neither token nor key", () => {
    for (const method of writes) {
      const { params } = refusedProbeOf(method) ?? { params: {} };
      expect(params, method).not.toHaveProperty("token");
      expect(params, method).not.toHaveProperty("idempotency_key");
      for (const [key, value] of Object.entries(params))
        if (key === "id" || key.endsWith("_id"))
          expect(String(value), `${method}: ${key}`).toMatch(/^conformance_no_such_/);
    }
  });

  it("sends probes the schema accepts as parameters, or refuses naming what the probe names", () => {
    for (const method of writes) {
      const probe = refusedProbeOf(method);
      const parsed = parseParams(method, { token: "t", ...probe?.params });
      if (!parsed.ok)
        expect([parsed.error, parsed.parameter], method).toEqual([probe?.error, probe?.mentions]);
    }
  });

  // Issue 49's writes, from their own examples with no change to the kit: each a lookup of
  // a record no deployment holds, or a create refused at its parameters, so none writes.
  it("derives the register's writes' probes from their documented refusals", () => {
    const probes = Object.fromEntries(
      registerWriteMethods.map((method) => {
        const { params, error, mentions } = refusedProbeOf(method) ?? {};
        return [method, { params, error, ...(mentions && { mentions }) }];
      }),
    );
    expect(probes).toEqual({
      "equipmentTypes.create": {
        params: {
          name: "Chain hoist",
          metafields: [
            { id: "mf_capacity", name: "Capacity (t)" },
            { id: "mf_capacity", name: "Lift (m)" },
          ],
        },
        error: "parameter_invalid",
        mentions: "metafields",
      },
      "equipmentTypes.update": {
        params: { id: "conformance_no_such_et_other_account", name: "Mine now" },
        error: "content_not_found",
      },
      "equipments.create": {
        params: { equipmentType_id: "conformance_no_such_et_other_account", serialNumber: "X-1" },
        error: "content_not_found",
      },
      "equipments.update": {
        params: { external_id: "conformance_no_such_ERP-NOBODY", notes: "Relabelled." },
        error: "content_not_found",
      },
      "equipments.retire": { params: { id: "conformance_no_such_eq_other_1" }, error: "content_not_found" },
      "schedules.set": {
        params: {
          equipment_id: "conformance_no_such_eq_other_1",
          schedule_id: "conformance_no_such_sch_annual",
          interval: "P1Y",
        },
        error: "content_not_found",
      },
      "schedules.remove": {
        params: {
          equipment_id: "conformance_no_such_eq_h_0002",
          schedule_id: "conformance_no_such_sch_annual",
        },
        error: "content_not_found",
      },
    });
    // The create's probe is refused by a rule the schema holds, before any lookup.
    const parsed = parseParams("equipmentTypes.create", {
      token: "t",
      ...probes["equipmentTypes.create"]?.params,
    });
    expect(parsed.ok && registerParamsProblem("equipmentTypes.create", parsed.params)?.parameter).toBe(
      "metafields[1].id",
    );
  });

  it("gives the kit's own way to a success where it has one", () => {
    expect(refusedProbeOf("inspections.record")?.toSucceed).toMatch(/--record-inspection/);
    expect(refusedProbeOf("webhooks.delete")?.toSucceed).toBeUndefined();
  });
});

describe(refusedProbeFrom, () => {
  const token = "wsafe-demo-token-write";

  it("stands a write that looks nothing up on its documented parameter_invalid", () => {
    const probe = refusedProbeFrom("webhooks.create", [
      {
        title: "Types that are not event types",
        request: { token, url: "https://10.0.0.5/hooks", types: ["inspection.deleted"] },
        response: { ok: false, error: "parameter_invalid", description: "invalid parameter: types[0]: …" },
      },
      {
        title: "A private address is refused",
        request: { token, url: "https://10.0.0.5/hooks" },
        response: { ok: false, error: "parameter_invalid", description: "invalid parameter: url: private" },
      },
    ]);
    // The first holds an address it is not refused for: a service that took the types would send there.
    expect(probe).toMatchObject({ params: { url: "https://10.0.0.5/hooks" }, mentions: "url" });
  });

  it("names the parameter the schema finds, or the one the description names first", () => {
    const probe = refusedProbeFrom("inspections.record", [
      {
        title: "Dates in the wrong order",
        request: {
          token,
          equipment_id: "eq_h_0001",
          schedule_id: "sch_preuse",
          result: "passed",
          inspector_id: "u_ada",
          expiresOn: 2,
          expiringOn: 3,
        },
        response: {
          ok: false,
          error: "parameter_invalid",
          description: "invalid parameter: expiringOn: 3 is after expiresOn, 2",
        },
      },
    ]);
    expect(probe).toMatchObject({
      mentions: "expiringOn",
      params: { equipment_id: "conformance_no_such_eq_h_0001", expiringOn: 3 },
    });
  });

  it("keeps two ids of a list apart, and finds nothing to stand on in a success or another refusal", () => {
    const probe = refusedProbeFrom("inspections.record", [
      { title: "A success", request: { token }, response: { ok: true } },
      {
        title: "Reused",
        request: { token },
        response: { ok: false, error: "idempotency_key_reused", description: "…" },
      },
      {
        title: "Two users",
        request: { token, assignedUsers_id: ["u_a", "u_b"] },
        response: { ok: false, error: "content_not_found", description: "…" },
      },
    ]);
    expect(probe?.params).toEqual({
      assignedUsers_id: ["conformance_no_such_u_a", "conformance_no_such_u_b"],
    });
    expect(refusedProbeFrom("inspections.record", [])).toBeUndefined();
  });
});
