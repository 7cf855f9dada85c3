import { describe, expect, it } from "vitest";
import { metavaluesOfNewEquipment, patchedMetavalues } from "./metavaluesOfType.js";

const harness = {
  typeId: "et_harness",
  metafields: [
    { id: "mf_length", name: "Length" },
    { id: "mf_brand", name: "Brand" },
  ],
};
const ladder = { typeId: "et_ladder", metafields: [{ id: "mf_height", name: "Height" }] };

/** The description of what `run` throws. */
function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as { description?: string }).description;
  }
  return undefined;
}

describe(metavaluesOfNewEquipment, () => {
  it("keeps metavalues of the type's metafields, in jsonb's order", () => {
    expect(JSON.stringify(metavaluesOfNewEquipment({ mf_length: 2, mf_brand: "MSA" }, harness))).toBe(
      '{"mf_brand":"MSA","mf_length":2}',
    );
  });

  it("names the first key, in the request's order, that is no metafield of the type", () => {
    expect(refusal(() => metavaluesOfNewEquipment({ mf_length: 2, mf_x: 1, mf_y: 2 }, harness))).toBe(
      "invalid parameter: metavalues.mf_x: not a metafield of equipment type et_harness",
    );
  });
});

describe(patchedMetavalues, () => {
  const stored = { mf_length: 1.5, mf_brand: "Petzl" };
  const same = { stored, type: harness, ownMetafields: harness.metafields, moved: false };
  const move = { stored, type: ladder, ownMetafields: harness.metafields, moved: true };

  it("sets a key sent with a value, unsets one sent with null, keeps the rest", () => {
    expect(patchedMetavalues({ mf_brand: null, mf_length: 2 }, same)).toEqual({ mf_length: 2 });
    expect(patchedMetavalues({}, same)).toEqual(stored);
  });

  it("refuses a value for a key of no metafield of the type, and null for a key of neither type nor record", () => {
    expect(refusal(() => patchedMetavalues({ mf_height: 3 }, same))).toMatch(
      /metavalues\.mf_height: not a metafield of equipment type et_harness$/,
    );
    expect(refusal(() => patchedMetavalues({ mf_gone: null }, same))).toMatch(/metavalues\.mf_gone:/);
    // A key the record holds may always be unset, metafield or not.
    expect(patchedMetavalues({ mf_old: null }, { ...same, stored: { mf_old: 1 } })).toEqual({});
  });

  it("on a move, checks what is left against the new type, and lets the old type's keys be unset", () => {
    expect(refusal(() => patchedMetavalues({ mf_brand: null }, move))).toBe(
      "invalid parameter: metavalues.mf_length: not a metafield of equipment type et_ladder",
    );
    expect(patchedMetavalues({ mf_brand: null, mf_length: null, mf_height: 4 }, move)).toEqual({
      mf_height: 4,
    });
    // Unsetting an old type's metafield the record does not hold is no refusal.
    expect(
      patchedMetavalues({ mf_length: null, mf_brand: null }, { ...move, stored: { mf_length: 1 } }),
    ).toEqual({});
  });
});
