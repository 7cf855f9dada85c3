import { describe, expect, it } from "vitest";
import { pipelineFigures } from "./pipelineFigures.mjs";

const target = (/** @type {number} */ rps) => ({ requestsPerSecond: rps, p50: 1, p99: 4, percentiles: [] });
const base = { bareHttps: target(1000), bareHttp: target(2000), wsafe: target(700) };

describe("pipelineFigures", () => {
  it("compares the installed package, not the workspace build, with the peers when it was measured", () => {
    const figures = pipelineFigures({
      ...base,
      wsafeInstalled: target(650),
      trpc: target(300),
      hono: target(700),
    });
    const versus = (/** @type {string} */ peer) => figures.find((f) => f.peer?.startsWith(peer));
    expect(figures[0]).toMatchObject({ name: expect.stringContaining("installed"), ratio: 0.65, met: false });
    expect(versus("stock tRPC")).toMatchObject({ value: 650, met: true });
    // Behind Hono is a missed goal, however close.
    expect(versus("Hono")).toMatchObject({ value: 650, met: false });
  });

  it("falls back to the workspace build when the installed package was not measured (quick runs)", () => {
    const figures = pipelineFigures({ ...base, trpc: target(700), hono: target(800) });
    expect(figures.some((f) => f.name.includes("installed"))).toBe(false);
    expect(figures.find((f) => f.peer?.startsWith("stock tRPC"))).toMatchObject({ ratio: 1, met: true });
    expect(figures.find((f) => f.peer?.startsWith("Hono"))).toMatchObject({ met: false });
  });

  it("sets the tRPC floor beside Hono, for information only, so a floor behind Hono shows the goal out of reach", () => {
    const figures = pipelineFigures({
      ...base,
      trpc: target(300),
      hono: target(800),
      trpcFloor: target(760),
    });
    const floor = figures.find((f) => f.name.includes("floor"));
    expect(floor).toMatchObject({
      value: 760,
      peer: expect.stringMatching(/^Hono/),
      peerValue: 800,
      ratio: 0.95,
      goal: null,
      met: null,
      share: null,
    });
    // Goals count only figures with a verdict: the floor must not add to or miss one.
    expect(figures.filter((f) => f.met !== null)).toHaveLength(3);
    // wsafe's own figure against Hono is still the one found first by its peer.
    expect(figures.find((f) => f.peer?.startsWith("Hono"))).toMatchObject({ value: 700 });
  });

  it("leaves the floor out when it was not measured (results stored before it existed)", () => {
    const figures = pipelineFigures({ ...base, trpc: target(300), hono: target(800) });
    expect(figures.some((f) => f.name.includes("floor"))).toBe(false);
  });
});
