import { describe, expect, it } from "vitest";
import { schemaCatalog, schemaNames } from "../catalog.js";
import { errorDescriptions } from "../errors.js";
import { requestChecks } from "../pipeline.js";
import { methods } from "../registry.js";
import { toContract } from "./toContract.js";
import { toJsonSchema } from "./toJsonSchema.js";

describe(toContract, () => {
  // Built in each test: Stryker credits code run outside a test to no test.
  it("is the /v1 contract, its error identifiers in the table's order", () => {
    const contract = toContract();
    expect(contract.version).toBe("v1");
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
        params,
        result,
      });
    }
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
