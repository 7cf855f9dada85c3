import { describe, expect, it } from "vitest";
import { buildFigures } from "./figures.mjs";
import { figureCells, terminalTable } from "./terminalTable.mjs";

const pipelineTarget = (/** @type {number} */ rps) => ({
  requestsPerSecond: rps,
  p50: 1,
  p99: 4,
  percentiles: [],
});

describe("buildFigures", () => {
  it("starts with the pipeline's goals, judged on the steady method's req/s and CPU per request", () => {
    const at = (/** @type {number} */ rps) =>
      buildFigures({
        pipeline: {
          method: { pinned: true },
          wsafe: { ...pipelineTarget(rps), cpuMicrosPerRequest: 30 },
          bareHttps: { ...pipelineTarget(1000), cpuMicrosPerRequest: 24 },
          bareHttp: pipelineTarget(2000),
        },
      });
    expect(at(800)[0]).toMatchObject({ unit: "req/s", ratio: 0.8, met: true, share: 0.8 });
    expect(at(799)[0]).toMatchObject({ met: false });
    expect(at(800)[1]).toMatchObject({ unit: "µs/req", ratio: 1.25, met: true, share: 0.8 });
  });

  it("turns a time ratio into a speed share for the chart: twice the time is half the speed", () => {
    const side = (/** @type {number} */ ms) => ({ medianMs: ms, bytes: 100, peakRss: 300, idleRss: 100 });
    const figures = buildFigures({
      bigList: {
        equipment: 10,
        freshServerPerVariant: true,
        backends: { pglite: { all: { wsafe: side(200), ceiling: side(100), sameAnswer: true } } },
      },
    });
    expect(figures[0]).toMatchObject({ ratio: 2, met: false, share: 0.5 });
    // 200 bytes above idle for a 100-byte answer: two copies, still within PGlite's goal.
    expect(figures.find((f) => f.unit === "×")).toMatchObject({ value: 2, met: true });
  });

  it("holds PostgreSQL's big list to 0.80x the ceiling's time and 1.5 copies, PGlite's to 1.50x and 2", () => {
    const side = (/** @type {number} */ ms, /** @type {number} */ peak) => ({
      medianMs: ms,
      bytes: 100,
      peakRss: peak,
      idleRss: 100,
    });
    const run = { wsafe: side(90, 260), ceiling: side(100, 300), sameAnswer: true };
    const figures = buildFigures({
      bigList: {
        equipment: 10,
        freshServerPerVariant: true,
        backends: { postgres: { all: run }, pglite: { all: run } },
      },
    });
    const of = (/** @type {string} */ where, /** @type {string} */ unit) =>
      figures.find((f) => f.name.startsWith(where) && f.unit === unit);
    // 0.9x the time and 1.6 copies: within PGlite's goals, outside PostgreSQL's.
    expect(of("PostgreSQL", "ms")).toMatchObject({ goal: "≤ 0.80×", met: false, goalShare: 1.25 });
    expect(of("PostgreSQL", "×")).toMatchObject({ goal: "≤ 1.5 copies", met: false });
    expect(of("PGlite", "ms")).toMatchObject({ goal: "≤ 1.50×", met: true });
    expect(of("PGlite", "×")).toMatchObject({ goal: "≤ 2 copies", met: true });
  });

  it("gives the typical list a latency and a requests/s figure per store, each within 1.5x of the ceiling", () => {
    const target = (/** @type {number} */ p50, /** @type {number} */ rps) => ({
      p50,
      requestsPerSecond: rps,
    });
    const [latency, speed] = buildFigures({
      typicalList: {
        equipment: 300,
        connections: 4,
        backends: { pglite: { wsafe: target(15, 200), ceiling: target(10, 300), sameAnswer: true } },
      },
    });
    expect(latency).toMatchObject({ unit: "ms", ratio: 1.5, met: true });
    expect(speed).toMatchObject({ unit: "req/s", met: true, goal: "≥ 0.67×" });
    const [slower] = buildFigures({
      typicalList: {
        equipment: 300,
        connections: 4,
        backends: { pglite: { wsafe: target(16, 199), ceiling: target(10, 300), sameAnswer: false } },
      },
    });
    expect(slower).toMatchObject({ met: false });
    expect(slower.peer).toContain("ANSWERS DIFFER");
  });

  it("checks the client bundle against its 3 kB budget", () => {
    const [without] = buildFigures({ client: { without: { gzip: 3073 }, withValidation: { gzip: 9000 } } });
    expect(without).toMatchObject({ met: false, peerValue: 3072 });
  });
});

describe("terminalTable", () => {
  it("right-aligns numeric columns and pads the others", () => {
    const text = terminalTable(
      ["name", "value"],
      [
        ["a", "1"],
        ["long name", "1,234"],
      ],
    );
    expect(text.split("\n")).toEqual([
      "name       value",
      "---------  -----",
      "a              1",
      "long name  1,234",
    ]);
  });

  it("prints a missed goal as NO, so it stands out", () => {
    const [figure] = buildFigures({ client: { without: { gzip: 4000 }, withValidation: { gzip: 9000 } } });
    expect(figureCells(figure).at(-1)).toBe("NO");
  });
});
