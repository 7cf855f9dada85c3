import { describe, expect, it } from "vitest";
import { throughputFigures } from "./throughputFigures.mjs";

describe("throughputFigures", () => {
  it("sets wsafe's deliveries a second, round trips and CPU beside the peer's", () => {
    const figures = throughputFigures({
      deliveries: 2000,
      rounds: 3,
      perEndpoint: 4,
      wsafe: { perSecond: 150, roundTrips: 0.914, cpuMicros: 900 },
      peer: { perSecond: 200, roundTrips: 1.1, cpuMicros: 600 },
    });
    expect(figures.map((f) => [f.value, f.peerValue, f.ratio])).toEqual([
      [150, 200, 0.75],
      [0.91, 1.1, 0.91 / 1.1],
      [900, 600, 1.5],
    ]);
    expect(figures[0]?.name).toContain("2,000 deliveries to one endpoint");
  });
});
