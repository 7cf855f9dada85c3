import { describe, expect, it } from "vitest";
import { pipelineFigures } from "./pipelineFigures.mjs";

/** One server's summary: req/s and, unless left out, server CPU µs per request. */
const target = (/** @type {number} */ rps, /** @type {number | undefined} */ cpu) => ({
  requestsPerSecond: rps,
  ...(cpu === undefined ? {} : { cpuMicrosPerRequest: cpu }),
  p50: 1,
  p99: 4,
  percentiles: [],
});
const checked = (/** @type {string} */ label, /** @type {string} */ kind) => ({ label, kind });
const run = {
  method: { pinned: true },
  checked: {
    honoContract: checked("the contract on Hono, the documented way", "checked"),
    honoContractFast: checked("the contract on Hono, written for speed", "checked"),
    trpc: checked("stock tRPC 11 on Fastify", "floor"),
    bareHttps: checked("bare Fastify route, token check", "floor"),
    httpsFloor: checked("Node's https, a token check, the same write", "floor"),
  },
  wsafe: target(30_000, 33),
  wsafeInstalled: target(32_000, 31),
  honoContract: target(16_000, 62),
  honoContractFast: target(34_000, 28),
  trpc: target(3_000, 300),
  bareHttps: target(40_000, 25),
  bareHttp: target(60_000, 15),
  httpsFloor: target(60_000, 15.5),
};
/** The figure of wsafe beside a peer, in a unit. */
const find = (/** @type {any[]} */ figures, /** @type {string} */ peer, /** @type {string} */ unit) =>
  figures.find((f) => f.peer?.startsWith(peer) && f.unit === unit);

describe("pipelineFigures", () => {
  it("holds the installed package to goal 1 in req/s and in CPU per request, against each contract peer and stock tRPC", () => {
    const figures = pipelineFigures(run);
    // Ahead of the documented way on both.
    expect(find(figures, "the contract on Hono, the documented", "req/s")).toMatchObject({
      value: 32_000,
      ratio: 2,
      goal: "≥ 1.00×",
      met: true,
    });
    expect(find(figures, "the contract on Hono, the documented", "µs/req")).toMatchObject({
      value: 31,
      peerValue: 62,
      ratio: 0.5,
      goal: "≤ 1.00×",
      met: true,
      share: 2,
    });
    // Behind the one written for speed on both, however close: each is a missed goal.
    expect(find(figures, "the contract on Hono, written", "req/s")).toMatchObject({ met: false });
    expect(find(figures, "the contract on Hono, written", "µs/req")).toMatchObject({ met: false });
    // Stock tRPC is a floor, printed as one, and goal 1 still holds wsafe to it.
    expect(find(figures, "stock tRPC 11 on Fastify (floor: does less)", "req/s")).toMatchObject({
      met: true,
    });
  });

  it("meets goal 2 at 1.25× bare Fastify's CPU per request and 0.80× its req/s, and misses it past them", () => {
    const at = (/** @type {number} */ rps, /** @type {number} */ cpu) =>
      pipelineFigures({ ...run, wsafeInstalled: target(rps, cpu) });
    expect(find(at(32_000, 31.25), "bare Fastify route, token check (", "µs/req")).toMatchObject({
      ratio: 1.25,
      goal: "≤ 1.25×",
      met: true,
      goalShare: 0.8,
    });
    expect(find(at(32_000, 31.3), "bare Fastify route, token check (", "µs/req")).toMatchObject({
      met: false,
    });
    expect(find(at(32_000, 31), "bare Fastify route, token check (", "req/s")).toMatchObject({
      ratio: 0.8,
      goal: "≥ 0.80×",
      met: true,
    });
    expect(find(at(31_999, 31), "bare Fastify route, token check (", "req/s")).toMatchObject({ met: false });
  });

  it("prints the ratio to Node's https floor (goal 3) without a verdict", () => {
    const figures = pipelineFigures(run);
    expect(find(figures, "Node's https", "req/s")).toMatchObject({
      ratio: 32_000 / 60_000,
      goal: null,
      met: null,
    });
    expect(find(figures, "Node's https", "µs/req")).toMatchObject({ ratio: 2, goal: null, met: null });
  });

  it("says a contract peer that failed its checks was not timed, and judges no goal on it", () => {
    const { honoContractFast: _dropped, ...rest } = run;
    const figures = pipelineFigures({
      ...rest,
      checked: {
        ...run.checked,
        honoContractFast: checked("the contract on Hono, written for speed", "failing"),
      },
    });
    const notTimed = figures.filter((f) => f.peer?.includes("written for speed"));
    expect(notTimed).toEqual([
      expect.objectContaining({
        peer: "the contract on Hono, written for speed (FAILS its checks): not timed",
        peerValue: null,
        met: null,
      }),
    ]);
  });

  it("falls back to the workspace build in quick runs, and marks unpinned figures", () => {
    const { wsafeInstalled: _dropped, ...quick } = run;
    const figures = pipelineFigures({ ...quick, method: { pinned: false, why: "taskset is not installed" } });
    expect(figures.some((f) => f.name.includes("installed"))).toBe(false);
    expect(find(figures, "bare Fastify route, token check (", "req/s").name).toBe(
      "resources.list req/s (UNPINNED), workspace build, PGlite",
    );
  });

  it("adds the secondary table of unpinned rounds without goals", () => {
    const figures = pipelineFigures({
      ...run,
      unpinned: { rounds: 2, wsafeInstalled: target(20_000), bareHttps: target(25_000), trpc: target(2_000) },
    });
    const unpinned = figures.filter((f) => f.workload === "1 pipeline, unpinned");
    expect(unpinned.map((f) => [f.peer, f.ratio, f.met])).toEqual([
      ["bare Fastify route, token check (floor: does less)", 0.8, null],
      ["stock tRPC 11 on Fastify (floor: does less)", 10, null],
    ]);
  });

  it("renders results stored before the steady method: req/s only, the old goals' peers", () => {
    const figures = pipelineFigures({
      wsafe: target(700),
      bareHttps: target(1000),
      bareHttp: target(2000),
      trpc: target(300),
      hono: target(800),
    });
    expect(figures.some((f) => f.unit === "µs/req")).toBe(false);
    expect(find(figures, "bare Fastify, HTTPS", "req/s")).toMatchObject({ ratio: 0.7, met: false });
    expect(find(figures, "stock tRPC 11 on Fastify", "req/s")).toMatchObject({ met: true });
  });
});

describe("pipelineFigures, issue 38", () => {
  const timed = (
    /** @type {number} */ p99Micros,
    /** @type {number} */ rpsSpread,
    /** @type {number} */ p99Spread,
  ) => ({
    ...target(30_000, 30),
    p99Micros,
    p50Micros: 700,
    spread: {
      requestsPerSecond: { min: 0, max: 0, relative: rpsSpread },
      p99Micros: { min: 0, max: 0, relative: p99Spread },
    },
  });

  it("holds CPU per request to 1.15× the contract's floor (goal 5), beside bare Fastify as before", () => {
    const at = (/** @type {number} */ cpu) =>
      pipelineFigures({
        ...run,
        checked: { ...run.checked, contractFloor: checked("the contract's floor", "floor") },
        wsafeInstalled: target(32_000, cpu),
        contractFloor: target(36_000, 20),
      });
    expect(find(at(23), "the contract's floor", "µs/req")).toMatchObject({
      ratio: 1.15,
      goal: "≤ 1.15×",
      met: true,
    });
    expect(find(at(23.1), "the contract's floor", "µs/req")).toMatchObject({ met: false });
    expect(find(at(23), "bare Fastify route, token check (", "µs/req")).toMatchObject({ goal: "≤ 1.25×" });
  });

  it("holds p99 (in µs) and the rounds' spread of req/s and p99 to the fast contract peer's (goal 4)", () => {
    const figures = pipelineFigures({
      ...run,
      wsafeInstalled: timed(950, 0.04, 0.3),
      honoContractFast: timed(1000, 0.05, 0.2),
    });
    const ofPeer = figures.filter((f) => f.peer?.startsWith("the contract on Hono, written"));
    expect(ofPeer.find((f) => f.unit === "µs")).toMatchObject({ value: 950, peerValue: 1000, met: true });
    const spreads = ofPeer.filter((f) => f.unit === "%");
    expect(spreads.map((f) => [f.name.split(" of ")[1].split(",")[0], f.met])).toEqual([
      ["req/s", true],
      ["p99", false],
    ]);
  });
});
