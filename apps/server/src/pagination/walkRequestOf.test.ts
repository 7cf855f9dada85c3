import { describe, expect, it } from "vitest";
import { walkRequestOf } from "./walkRequestOf.js";

const base = { equipmentType_id: "et", service_type: "in", include_null_metavalues: false };
const fingerprint = (params: Record<string, unknown>) =>
  walkRequestOf("equipments.list", params, "acc", 1).filters;

describe(walkRequestOf, () => {
  it("binds a walk to the registry's filters, a status list being a set", () => {
    expect(fingerprint({ ...base, status: ["expired", "expiring"] })).toBe(
      fingerprint({ ...base, status: ["expiring", "expired", "expired"] }),
    );
    expect(fingerprint({ ...base, status: [] })).toBe(fingerprint(base));
    expect(fingerprint({ ...base, status: ["expired"] })).not.toBe(fingerprint(base));
    expect(fingerprint({ ...base, status: ["expired"] })).not.toBe(
      fingerprint({ ...base, status: ["expiring"] }),
    );
    expect(fingerprint({ ...base, service_type: "all" })).not.toBe(fingerprint(base));
    expect(fingerprint({ ...base, equipmentType_id: "et2" })).not.toBe(fingerprint(base));
  });

  it("lets what is not a filter change: columns, nulls, limit, pretty", () => {
    expect(
      fingerprint({ ...base, columns: ["id"], include_null_metavalues: true, limit: 3, pretty: true }),
    ).toBe(fingerprint(base));
  });

  it("takes the instant from the method's instant parameter, outside the fingerprint", () => {
    const walk = walkRequestOf("equipments.list", { ...base, as_of: 42 }, "acc", 1);
    expect(walk).toMatchObject({ requestedInstant: 42, hasInstant: true, filters: fingerprint(base) });
    expect(walkRequestOf("resources.list", {}, "acc", 1)).toMatchObject({
      hasInstant: false,
      requestedInstant: undefined,
    });
  });

  it("refuses a method that is not paginated", () => {
    expect(() => walkRequestOf("users.info", {}, "acc", 1)).toThrow("users.info is not paginated");
  });
});
