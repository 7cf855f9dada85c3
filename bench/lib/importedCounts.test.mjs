import { describe, expect, it } from "vitest";
import { importedCounts } from "./importedCounts.mjs";

describe("importedCounts", () => {
  it("reads the counts of the summary line wsafe import prints last", () => {
    const lines = [
      "importing 400015 records",
      "400015/400015 (100 %)",
      "imported 1 accounts, 1 tokens, 12 users, 0 resources, 1 equipmentTypes, 100000 equipments, 300000 schedules, 400000 events",
    ];
    expect(importedCounts(lines)).toEqual({
      accounts: 1,
      tokens: 1,
      users: 12,
      resources: 0,
      equipmentTypes: 1,
      equipments: 100000,
      schedules: 300000,
      events: 400000,
    });
  });

  it("answers no counts when no summary was printed (a server from before events counts none)", () => {
    expect(importedCounts(["400015/400015 (100 %)"])).toEqual({});
    expect(importedCounts(["imported 2 equipments"]).events).toBeUndefined();
  });
});
