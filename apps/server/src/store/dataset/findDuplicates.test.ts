import { describe, expect, it } from "vitest";
import { findDuplicates } from "./findDuplicates.js";

describe(findDuplicates, () => {
  // Short lists compare pairs, long ones use a Map: both must find the same.
  it.each([3, 30])("finds every later record with a key an earlier one has, in a list of %i", (length) => {
    const ids = Array.from({ length }, (_, index) => `id_${index}`);
    ids[length - 1] = "id_0";
    ids[1] = "id_0";
    expect(findDuplicates(ids, (id) => id)).toEqual([
      { index: 1, first: 0 },
      { index: length - 1, first: 0 },
    ]);
  });

  it("skips records without a key", () => {
    expect(findDuplicates([{}, {}, { id: "a" }], (record: { id?: string }) => record.id)).toEqual([]);
  });
});
