import { describe, expect, it } from "vitest";
import { locateRecord, singularNoun } from "./locateRecord.js";

const dataset = {
  tokens: [{ token: "a-secret-of-sixteen-characters", account_id: "acc_1" }],
  equipmentTypes: [{ id: "et_1", metafields: [{ id: "mf_1" }] }],
  equipments: [
    { id: "eq_1", schedules: [{ schedule_id: "s_1" }, { expiresOn: 1 }] },
    { serialNumber: "S2" },
    { id: "", title: "empty id" },
    "not a record",
    null,
  ],
  inspections: [{ inspection_id: "i_1" }],
  // A list whose name has no plural "s" names its records by `<name>_id` all the same.
  staff: [{ staff_id: "st_1" }],
  rows: [[{ id: "c_1" }]],
};

describe(locateRecord, () => {
  it.each([
    [["equipments", 0, "serialNumber"], 'equipment "eq_1"', "serialNumber"],
    [["equipments", 0, "schedules", 0, "expiresOn"], 'equipment "eq_1", schedule "s_1"', "expiresOn"],
    [["equipments", 0, "schedules", 1, "expiresOn"], 'equipment "eq_1", schedules[1]', "expiresOn"],
    [["equipments", 0, "assignedUsers_id", 2], 'equipment "eq_1"', "assignedUsers_id[2]"],
    [["equipments", 0], 'equipment "eq_1"', ""],
    [["equipments", 1, "id"], "equipments[1]", "id"],
    [["equipments", 2, "id"], "equipments[2]", "id"],
    [["equipments", 3], "", "equipments[3]"],
    [["equipments", 4, "id"], "", "equipments[4].id"],
    [["inspections", 0, "result"], 'inspection "i_1"', "result"],
    [["staff", 0, "name"], 'staff "st_1"', "name"],
    // A list inside a list has no name to make a noun of: its records go by position.
    [["rows", 0, 0, "value"], "rows[0][0]", "value"],
    [["equipmentTypes", 0, "metafields", 0, "name"], 'equipment type "et_1", metafield "mf_1"', "name"],
    // A token's only identity is its secret, which is never echoed.
    [["tokens", 0, "account_id"], "tokens[0]", "account_id"],
    [["equipment"], "", "equipment"],
    [[], "", ""],
  ])("names %j as %j, field %j", (path, record, field) => {
    expect(locateRecord(path, dataset)).toEqual({ record, field });
  });

  it("names a record of a document that is itself a list by its position", () => {
    expect(locateRecord([1, "name"], [{ id: "u_1" }, { id: "u_2" }])).toEqual({
      record: "[1]",
      field: "name",
    });
  });

  it("quotes an id as JSON, cut when long", () => {
    const long = { users: [{ id: `a"b${"x".repeat(100)}` }] };
    expect(locateRecord(["users", 0, "name"], long).record).toBe(
      `user ${JSON.stringify(`a"b${"x".repeat(57)}… (43 more characters)`)}`,
    );
  });
});

describe(singularNoun, () => {
  it.each([
    ["equipments", "equipment"],
    ["equipmentTypes", "equipment type"],
    ["schedules", "schedule"],
    ["categories", "category"],
    ["data", "data"],
  ])("%s → %s", (list, noun) => {
    expect(singularNoun(list)).toBe(noun);
  });
});
