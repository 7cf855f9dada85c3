import { describe, expect, it } from "vitest";
import { changesFloorSql, floorColumns, floorDigest, mirrorDifferences } from "./changesFloor.mjs";

/** A COPY text line of one equipment row and one schedule (or none). */
const line = (
  /** @type {string} */ id,
  /** @type {number} */ version,
  /** @type {string | null} */ schedule,
) =>
  floorColumns
    .map((column) =>
      column === "id"
        ? id
        : column === "version"
          ? String(version)
          : column === "schedule_id"
            ? (schedule ?? "\\N")
            : "x",
    )
    .join("\t");

describe("changesFloorSql", () => {
  it("copies every equipment of the account with its schedules, in the feed's order", () => {
    const sql = changesFloorSql("acc_o'brien", "STDOUT");
    expect(sql).toMatch(/^COPY \(SELECT e\.id, e\.external_id, .* s\.expiry_warning\n/);
    expect(sql).toContain("WHERE e.account_id = 'acc_o''brien'");
    expect(sql).toContain("ORDER BY e.change_seq, s.schedule_id) TO STDOUT");
    expect(changesFloorSql("a", "'/dev/blob'").endsWith("TO '/dev/blob'")).toBe(true);
  });
});

describe("floorDigest", () => {
  it("counts rows, and each equipment's version and schedules (none where the join found none)", () => {
    const { rows, equipment } = floorDigest(
      `${[line("eq_1", 3, "sch_1"), line("eq_1", 3, "sch_2"), line("eq_2", 1, null)].join("\n")}\n`,
    );
    expect(rows).toBe(3);
    expect([...equipment]).toEqual([
      ["eq_1", { version: 3, schedules: 2 }],
      ["eq_2", { version: 1, schedules: 0 }],
    ]);
  });
});

describe("mirrorDifferences", () => {
  it("finds what one holds and the other does not, and another version or schedule count", () => {
    const floor = new Map([
      ["eq_1", { version: 3, schedules: 2 }],
      ["eq_2", { version: 1, schedules: 0 }],
      ["eq_3", { version: 1, schedules: 1 }],
    ]);
    expect(mirrorDifferences(new Map(floor), floor)).toEqual({ count: 0, first: [] });
    const mirror = new Map([
      ["eq_1", { version: 2, schedules: 2 }],
      ["eq_3", { version: 1, schedules: 1 }],
      ["eq_9", { version: 1, schedules: 0 }],
    ]);
    expect(mirrorDifferences(mirror, floor)).toEqual({
      count: 3,
      first: [
        "eq_1: the mirror holds version 2 with 2 schedules, the store 3 with 2",
        "eq_2: in the store, not in the mirror",
        "eq_9: in the mirror, not in the store",
      ],
    });
  });
});
