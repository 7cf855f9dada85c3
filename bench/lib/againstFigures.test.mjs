import { describe, expect, it } from "vitest";
import { chartShare, compareFigure } from "./againstFigures.mjs";

const figure = (/** @type {number[]} */ workspace, /** @type {number[]} */ against, better = "lower") =>
  compareFigure({
    name: "cpu",
    unit: "µs",
    better: /** @type {"lower" | "higher"} */ (better),
    workspace: { samples: workspace },
    against: { samples: against },
  });

describe("compareFigure", () => {
  it("calls a ratio within the wider of the two sides' spreads noise", () => {
    const compared = figure([100, 104, 98], [101, 99, 103]);
    expect(compared.workspace.value).toBe(100);
    expect(compared.against.value).toBe(101);
    expect(compared.ratio).toBeCloseTo(100 / 101);
    expect(compared.noise).toBeCloseTo(6 / 100);
    expect(compared.withinNoise).toBe(true);
    expect(compared.verdict).toBe("within noise");
  });

  it("says a worse figure beyond noise loudly, a better one plainly, by the figure's direction", () => {
    expect(figure([120, 121, 119], [100, 101, 99]).verdict).toBe("WORSE, beyond noise");
    expect(figure([80, 81, 79], [100, 101, 99]).verdict).toBe("better, beyond noise");
    expect(figure([80, 81, 79], [100, 101, 99], "higher").verdict).toBe("WORSE, beyond noise");
  });

  it("judges nothing from one sample a side", () => {
    const compared = figure([100], [150, 160]);
    expect(compared.noise).toBeNull();
    expect(compared.withinNoise).toBeNull();
    expect(compared.verdict).toBe("no spread to judge by");
  });

  it("leaves out samples that are not numbers (a round that measured nothing)", () => {
    const compared = figure([100, Number.NaN, 102], [100, 102]);
    expect(compared.workspace.samples).toBe(2);
    expect(compared.withinNoise).toBe(true);
  });
});

describe("chartShare", () => {
  it("turns every ratio so that higher is better", () => {
    expect(chartShare(figure([50, 50], [100, 100]))).toBeCloseTo(2);
    expect(chartShare(figure([50, 50], [100, 100], "higher"))).toBeCloseTo(0.5);
  });
});

describe("compareFigure on samples of nothing", () => {
  it("reads identical samples as no spread, even zeros", () => {
    const compared = figure([0, 0, 0], [0, 0]);
    expect(compared.workspace.spread).toBe(0);
    expect(compared.withinNoise).toBeNull();
  });
});
