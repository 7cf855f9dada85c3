import { describe, expect, it } from "vitest";
import { equipmentPatch } from "./equipmentPatch.js";

const row = {
  id: "eq_1",
  title: null,
  notes: "",
  is_in_service: true,
  field_office_ids: ["fo_1"],
  metavalues: { mf_a: 1, mf_b: "x" },
  version: 3,
};

describe(equipmentPatch, () => {
  it("changes the fields whose value differs, naming each as it was, null where the record had none", () => {
    const patch = equipmentPatch(row, {
      title: "T",
      notes: "",
      isInService: false,
      fieldOffice_id: ["fo_1"],
    });
    expect(patch.previous).toEqual({ title: null, isInService: true });
    expect(patch.row).toEqual({ ...row, title: "T", is_in_service: false });
  });

  it("compares JSON values as values: the key order of metavalues is no change", () => {
    expect(equipmentPatch(row, { metavalues: { mf_b: "x", mf_a: 1 } }).previous).toEqual({});
    expect(equipmentPatch(row, { metavalues: { mf_a: 1 } }).previous).toEqual({ metavalues: row.metavalues });
  });

  it("lists the changed fields in the record's order", () => {
    const { previous } = equipmentPatch(row, { metavalues: {}, title: "T", external_id: "K" });
    expect(Object.keys(previous)).toEqual(["external_id", "title", "metavalues"]);
  });
});
