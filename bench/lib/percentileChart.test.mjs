import { describe, expect, it } from "vitest";
import { niceAxis, ninesPosition, percentileChart } from "./percentileChart.mjs";

describe("ninesPosition", () => {
  it("gives the tail as much room as the body: one unit per nine", () => {
    expect(ninesPosition(0, 3)).toBe(0);
    expect(ninesPosition(90, 3)).toBeCloseTo(1);
    expect(ninesPosition(99, 3)).toBeCloseTo(2);
    expect(ninesPosition(99.9, 3)).toBeCloseTo(3);
  });

  it("puts 100 % and anything past the last nine at the end of the axis", () => {
    expect(ninesPosition(100, 3)).toBe(3);
    expect(ninesPosition(99.99, 3)).toBe(3);
  });
});

describe("niceAxis", () => {
  it("rounds the top up to a multiple of a 1-2-5 step", () => {
    expect(niceAxis(87)).toEqual({ top: 100, step: 20 });
    expect(niceAxis(1.3)).toEqual({ top: 1.5, step: 0.5 });
    expect(niceAxis(2000)).toEqual({ top: 2000, step: 500 });
  });

  it("still draws an axis when every value is zero", () => {
    expect(niceAxis(0)).toEqual({ top: 1, step: 0.25 });
  });
});

describe("percentileChart", () => {
  it("draws one path and one legend entry per series, escaping their labels", () => {
    const svg = percentileChart(
      [
        {
          label: "wsafe <PGlite>",
          points: [
            { p: 50, value: 2 },
            { p: 99, value: 9 },
          ],
        },
        {
          label: "bare & fast",
          points: [
            { p: 50, value: 1 },
            { p: 99, value: 3 },
          ],
          dashed: true,
        },
      ],
      { title: "latency" },
    );
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain("wsafe &#60;PGlite&#62;");
    expect(svg).toContain("bare &#38; fast");
    expect(svg).toContain('stroke-dasharray="7 4"');
    expect(svg.startsWith("<svg")).toBe(true);
  });
});
