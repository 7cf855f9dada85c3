import { describe, expect, it } from "vitest";
import { listCeiling } from "./listCeiling.mjs";

const now = 1_000_000;
const equipmentRow = {
  id: "eq_1",
  serial_number: "SN-1",
  equipment_type_id: "et_1",
  created: 5,
  parent_id: "",
  field_office_ids: ["fo_1"],
  line_of_business_id: "",
  client_ids: null,
  assigned_user_ids: ["u_1"],
  title: null,
  notes: "",
  is_in_service: true,
  metavalues: { mf_b: 2 },
};
const scheduleRows = [
  {
    equipment_id: "eq_1",
    schedule_id: "s_1",
    expires_on: now + 10,
    expiring_on: now - 10,
    last_completed_on: 1,
  },
  {
    equipment_id: "eq_1",
    schedule_id: "s_2",
    expires_on: now + 99,
    expiring_on: now + 50,
    last_completed_on: 1,
  },
];

/** A stand-in database answering the ceiling's three statements. */
async function query(/** @type {string} */ text) {
  if (text.includes("FROM schedules")) return scheduleRows;
  if (text.includes("FROM equipment_types"))
    return [{ metafields: [{ id: "mf_long" }, { id: "mf_b" }, { id: "mf_a" }] }];
  return [equipmentRow];
}

describe("listCeiling", () => {
  it("answers the shape of equipments.list: canonical order, absent clients_id and title left out", async () => {
    const body = JSON.parse(await listCeiling(query, { equipmentType_id: "et_1" }, now));
    expect(Object.keys(body.equipments[0])).toEqual([
      "id",
      "serialNumber",
      "equipmentType_id",
      "created",
      "parent_id",
      "fieldOffice_id",
      "lineOfBusiness_id",
      "assignedUsers_id",
      "notes",
      "isInService",
      "metavalues",
      "status",
      "schedules",
    ]);
    expect(body.equipments[0].status).toBe("expiring");
    expect(body.equipments[0].schedules.map((/** @type {any} */ s) => s.status)).toEqual([
      "expiring",
      "uptodate",
    ]);
  });

  it("keeps only the named columns, in canonical order whatever order they were asked in", async () => {
    const body = JSON.parse(
      await listCeiling(query, { equipmentType_id: "et_1", columns: ["status", "id"] }, now),
    );
    expect(body).toEqual({ ok: true, equipments: [{ id: "eq_1", status: "expiring" }] });
  });

  it("adds unset metafields as null in jsonb's key order, as the server's jsonb answer has them", async () => {
    const text = await listCeiling(
      query,
      { equipmentType_id: "et_1", columns: ["metavalues"], include_null_metavalues: true },
      now,
    );
    expect(text).toBe('{"ok":true,"equipments":[{"metavalues":{"mf_a":null,"mf_b":2,"mf_long":null}}]}');
  });
});
