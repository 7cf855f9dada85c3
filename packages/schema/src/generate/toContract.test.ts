import { describe, expect, it } from "vitest";
import { schemaCatalog, schemaNames } from "../catalog.js";
import { errorDescriptions } from "../errors.js";
import { serverMetrics } from "../metrics.js";
import { requestChecks } from "../pipeline.js";
import { methods } from "../registry.js";
import { apiVersion } from "../wire.js";
import { openEnumRecords, toContract } from "./toContract.js";
import { toJsonSchema } from "./toJsonSchema.js";

describe(toContract, () => {
  // Built in each test: Stryker credits code run outside a test to no test.
  it("is the /v1 contract, its error identifiers in the table's order", () => {
    const contract = toContract();
    expect(contract.version).toBe("v1");
    // The URL's segment itself: moving to /v2 moves the snapshot's line with it.
    expect(contract.version).toBe(apiVersion);
    expect(contract.errors).toEqual(Object.keys(errorDescriptions));
  });

  it("holds the pipeline's checks in order, so a reordering is a difference", () => {
    const contract = toContract();
    expect(contract.pipeline).toEqual(
      requestChecks.map(({ id, scope, errors }) => ({ id, scope, errors: [...errors] })),
    );
    expect(contract.pipeline.map((check) => check.id)).toEqual([
      "method_path",
      "http_method",
      "request_data",
      "token_present",
      "token_known",
      "token_active",
      "account_active",
      "rate_limit",
      "permission",
      "parameters",
      "method_lookups",
    ]);
  });

  it("holds every method: permission, error list, params and result without their $id", () => {
    const contract = toContract();
    expect(Object.keys(contract.methods)).toEqual(Object.keys(methods));
    for (const method of Object.values(methods)) {
      const { $id: paramsId, ...params } = toJsonSchema(`${method.name}.params` as never);
      const { $id: resultId, ...result } = toJsonSchema(`${method.name}.result` as never);
      expect(paramsId).toEqual(expect.any(String));
      expect(resultId).toEqual(expect.any(String));
      expect(contract.methods[method.name]).toEqual({
        permission: method.permission,
        errors: [...method.errors],
        params: withOpenEnumsMarked(params),
        result: withOpenEnumsMarked(result),
        ...(method.pagination && { pagination: expect.any(Object) }),
      });
    }
  });

  it("marks the open enums, and only in the snapshot: the published schema files stay strict", () => {
    const contract = toContract();
    expect(openEnumRecords).toContain("EventCause");
    expect(contract.records.EventCause).toMatchObject({ "x-open-enum": true });
    expect(contract.records.Event!.$defs).toMatchObject({ EventCause: { "x-open-enum": true } });
    // Open since the register's record events (1.4.0): receivers accept a type they do not know.
    expect(openEnumRecords).toContain("EventType");
    expect(contract.records.EventType).toMatchObject({ "x-open-enum": true });
    expect(contract.records.Webhook!.$defs).toMatchObject({ EventType: { "x-open-enum": true } });
    expect(JSON.stringify(toJsonSchema("Event"))).not.toContain("x-open-enum");
    expect(JSON.stringify(toJsonSchema("EventType"))).not.toContain("x-open-enum");
  });

  it("holds each paginated method's walk: order, filters and instant, so changing one is a difference", () => {
    const contract = toContract();
    const paginated = Object.values(methods).filter((method) => method.pagination);
    expect(paginated.length).toBeGreaterThan(0);
    for (const method of paginated) {
      const { order, filters, instant } = method.pagination!;
      expect(contract.methods[method.name]!.pagination).toEqual({
        order: [...order],
        filters: [...filters],
        ...(instant && { instant }),
      });
    }
    expect(contract.methods["equipments.list"]!.pagination).toEqual({
      order: ["created", "id"],
      filters: ["equipmentType_id", "service_type", "status", "as_of"],
      instant: "as_of",
    });
    expect(contract.methods["users.info"]).not.toHaveProperty("pagination");
  });

  it("holds every metric by name with its type, label names and buckets", () => {
    const contract = toContract();
    expect(Object.keys(contract.metrics)).toEqual(serverMetrics.map((metric) => metric.name));
    expect(contract.metrics.wsafe_requests_total).toEqual({ type: "counter", labels: ["method", "outcome"] });
    expect(contract.metrics.wsafe_request_duration_seconds).toEqual({
      type: "histogram",
      labels: ["method"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
  });

  it("holds every record (no method payload) and which side of the wire it is on", () => {
    const contract = toContract();
    const records = schemaNames.filter((name) => !name.includes("."));
    expect(Object.keys(contract.records)).toEqual(records);
    expect(contract.records.Equipment).not.toHaveProperty("$id");
    expect(contract.records.Equipment).toMatchObject({ title: expect.any(String), type: "object" });
    expect(Object.keys(contract.directions)).toEqual(records);
    expect(contract.directions.Dataset).toBe("request");
    expect(contract.directions.Equipment).toBe("response");
    for (const name of records)
      expect(contract.directions[name]).toBe(schemaCatalog[name].io === "input" ? "request" : "response");
  });
});

/** A result schema as the snapshot holds it: each open enum of its `$defs` marked. */
function withOpenEnumsMarked(schema: Record<string, unknown>): Record<string, unknown> {
  const defs = schema.$defs as Record<string, Record<string, unknown>> | undefined;
  if (!defs) return schema;
  return {
    ...schema,
    $defs: Object.fromEntries(
      Object.entries(defs).map(([name, def]) => [
        name,
        openEnumRecords.includes(name) ? { ...def, "x-open-enum": true } : def,
      ]),
    ),
  };
}
