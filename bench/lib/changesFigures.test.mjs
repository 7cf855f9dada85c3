import { describe, expect, it } from "vitest";
import { changesFigureLine, changesFigures, summariseCatchUps } from "./changesFigures.mjs";

/** One round: the walk's and the floor's time, and their CPU (µs). */
const round = (
  /** @type {number} */ walkMs,
  /** @type {number} */ serverCpuMicros,
  /** @type {number | null} */ databaseCpuMicros,
  /** @type {number} */ floorMs,
  /** @type {number} */ floorCpuMicros,
) => ({
  walk: { ms: walkMs, pages: 100, changes: 100_000, bytes: 80_000_000 },
  serverCpuMicros,
  databaseCpuMicros,
  floor: { ms: floorMs, cpuMicros: floorCpuMicros, rows: 300_000, bytes: 50_000_000 },
});

describe("summariseCatchUps", () => {
  it("takes each figure's median round, CPU counted a change", () => {
    const s = summariseCatchUps([
      round(3000, 2_000_000, 1_000_000, 500, 400_000),
      round(2000, 1_500_000, 500_000, 450, 300_000),
      round(9000, 9_000_000, 2_000_000, 480, 350_000),
    ]);
    expect(s).toMatchObject({
      changes: 100_000,
      pages: 100,
      walkMs: 3000,
      floorMs: 480,
      serverMicrosPerChange: 20,
      databaseMicrosPerChange: 10,
      cpuMicrosPerChange: 30,
      floorCpuMicrosPerChange: 3.5,
      floorRows: 300_000,
    });
  });

  it("counts no database apart on PGlite, where it runs in the server's process", () => {
    const s = summariseCatchUps([round(2000, 1_500_000, null, 450, 300_000)]);
    expect(s.databaseMicrosPerChange).toBeNull();
    expect(s.cpuMicrosPerChange).toBe(15);
  });
});

describe("changesFigures", () => {
  it("sets the catch-up's time and CPU a change beside the floor's, per store", () => {
    const figures = changesFigures({
      equipment: 100_000,
      pageSize: 1000,
      stores: {
        PGlite: { rounds: [round(4000, 3_000_000, null, 800, 700_000)] },
        PostgreSQL: { rounds: [round(2000, 1_500_000, 500_000, 400, 300_000)] },
        Nothing: { rounds: [] },
      },
    });
    expect(figures.map((f) => [f.unit, f.value, f.peerValue, f.ratio])).toEqual([
      ["ms", 4000, 800, 5],
      ["µs", 30, 7, 30 / 7],
      ["ms", 2000, 400, 5],
      ["µs", 20, 3, 20 / 3],
    ]);
    expect(figures[3]?.name).toBe(
      "equipments.changes on PostgreSQL: a mirror catching up 100,000 changes from no cursor, pages of 1,000: CPU a change (server and its database)",
    );
    expect(figures[1]?.name.endsWith("CPU a change (server)")).toBe(true);
  });

  it("prints a store's line with the floor's ratio", () => {
    expect(
      changesFigureLine("PostgreSQL", summariseCatchUps([round(2000, 1_500_000, 500_000, 400, 300_000)])),
    ).toBe(
      "changes, PostgreSQL: a mirror caught up 100,000 changes in 100 pages in 2.00 s, 50,000 changes/s, 20.0 µs of CPU a change (server 15.0, its database 5.0); the floor, COPY of the same 300,000 rows: 400 ms (5.0x), 3.00 µs a change",
    );
  });
});
