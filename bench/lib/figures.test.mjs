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
  it("meets the pipeline goal at 80 % of bare Fastify and misses it below", () => {
    const at = (/** @type {number} */ rps) =>
      buildFigures({
        pipeline: {
          wsafe: pipelineTarget(rps),
          bareHttps: pipelineTarget(1000),
          bareHttp: pipelineTarget(2000),
          ratioHttps: rps / 1000,
          ratioHttp: rps / 2000,
        },
      })[0];
    expect(at(800)).toMatchObject({ ratio: 0.8, met: true, share: 0.8 });
    expect(at(799)).toMatchObject({ met: false });
  });

  it("turns a time ratio into a speed share for the chart: twice the time is half the speed", () => {
    const side = (/** @type {number} */ ms) => ({ medianMs: ms, bytes: 100, peakRss: 300, idleRss: 100 });
    const figures = buildFigures({
      bigList: {
        equipment: 10,
        freshServerPerVariant: true,
        backends: { postgres: { all: { wsafe: side(200), ceiling: side(100), sameAnswer: true } } },
      },
    });
    expect(figures[0]).toMatchObject({ ratio: 2, met: false, share: 0.5 });
    // 200 bytes above idle for a 100-byte answer: two copies, still within the goal.
    expect(figures.find((f) => f.unit === "×")).toMatchObject({ value: 2, met: true });
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
