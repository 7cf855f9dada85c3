import { describe, expect, it } from "vitest";
import { checkDatasetShape } from "./checkDatasetShape.js";

describe(checkDatasetShape, () => {
  it("takes a dataset whole, defaults applied, with no problem and no positions", () => {
    const shape = checkDatasetShape({ accounts: [{ id: "acc_1", name: "A" }] });
    expect(shape).toEqual({
      dataset: {
        accounts: [{ id: "acc_1", name: "A", active: true }],
        tokens: [],
        users: [],
        resources: [],
        equipmentTypes: [],
        equipments: [],
      },
      problems: [],
      document: { accounts: [{ id: "acc_1", name: "A" }] },
    });
  });

  // The reference check runs on what a broken file still says, so a file's problems come in one run.
  it("keeps the well-formed records and what references can use of the others, at their positions", () => {
    const shape = checkDatasetShape({
      users: [
        { id: "u_1", account_id: "acc_1", name: "Ada" },
        { id: "u_2", account_id: "acc_1" },
        { id: "u_3", name: "No account" },
      ],
      equipments: [{ id: "e_1", equipmentType_id: "et_1", assignedUsers_id: ["u_9", 7], created: "now" }],
    });
    expect(shape.problems.map((problem) => problem.path)).toEqual([
      "users[1].name",
      "users[2].account_id",
      "equipments[0].serialNumber",
      "equipments[0].created",
      "equipments[0].parent_id",
      "equipments[0].fieldOffice_id",
      "equipments[0].lineOfBusiness_id",
      "equipments[0].assignedUsers_id[1]",
      "equipments[0].notes",
      "equipments[0].isInService",
    ]);
    expect(shape.dataset.users).toEqual([
      { id: "u_1", account_id: "acc_1", name: "Ada" },
      { id: "u_2", account_id: "acc_1" },
    ]);
    expect(shape.positions?.users).toEqual([0, 1]);
    // A user without an account belongs nowhere: references to it are not checked.
    expect(shape.malformedIds?.users).toEqual(new Set(["u_3"]));
    expect(shape.dataset.equipments).toEqual([
      { id: "e_1", equipmentType_id: "et_1", assignedUsers_id: ["u_9", 7], metavalues: {}, schedules: [] },
    ]);
  });

  it("keeps nothing of a list that is not a list, nor of a document that is not an object", () => {
    expect(checkDatasetShape({ users: "none" }).dataset.users).toEqual([]);
    expect(checkDatasetShape([]).dataset.equipments).toEqual([]);
  });
});
