import { describe, expect, it } from "vitest";
import { summariseRounds } from "./summariseRounds.mjs";

/** An autocannon result as far as the summary reads it. */
const round = (/** @type {number} */ rps, /** @type {number | undefined} */ cpu) => ({
  requests: { average: rps, total: rps * 6 },
  latency: { p50: 1, p99: 3, min: 0, max: 9 },
  errors: 0,
  timeouts: 0,
  non2xx: 0,
  ...(cpu === undefined ? {} : { cpuMicrosPerRequest: cpu }),
});

describe("summariseRounds", () => {
  it("takes the median round of req/s and of CPU per request, each on its own", () => {
    const summary = summariseRounds([round(9000, 40), round(10_000, 31), round(12_000, 35)]);
    expect(summary).toMatchObject({
      requestsPerSecond: 10_000,
      cpuMicrosPerRequest: 35,
      roundsCpuMicrosPerRequest: [40, 31, 35],
      requests: 186_000,
    });
  });

  it("leaves CPU per request out when a round could not read it", () => {
    const summary = summariseRounds([round(9000, 40), round(10_000, Number.NaN)]);
    expect(summary).not.toHaveProperty("cpuMicrosPerRequest");
    expect(summariseRounds([round(9000)])).not.toHaveProperty("cpuMicrosPerRequest");
  });
});

describe("summariseRounds, with every response's time kept", () => {
  const timed = (/** @type {number} */ rps, /** @type {number} */ p99) => ({
    ...round(rps, 30),
    latencyMicros: { min: 200, p50: 800, p90: 900, p99, p99_9: p99 * 2, max: p99 * 3 },
  });

  it("gives p50 and p99 in µs (and ms from them), and how far the rounds stray", () => {
    const summary = summariseRounds([timed(39_400, 1250), timed(35_000, 1100), timed(32_100, 2100)]);
    expect(summary).toMatchObject({
      p50Micros: 800,
      p99Micros: 1250,
      p99: 1.25,
      roundsP99Micros: [1250, 1100, 2100],
      spread: {
        requestsPerSecond: { min: 32_100, max: 39_400, relative: (39_400 - 32_100) / 35_000 },
        p99Micros: { min: 1100, max: 2100, relative: 0.8 },
      },
    });
    expect(summary.percentiles.find((/** @type {any} */ point) => point.p === 99).value).toBe(1.25);
  });

  it("spreads req/s alone for rounds stored before (whole milliseconds)", () => {
    const summary = summariseRounds([round(9000, 40), round(10_000, 31)]);
    // The median of two rounds is the lower (nearest rank).
    expect(summary.spread).toEqual({ requestsPerSecond: { min: 9000, max: 10_000, relative: 1000 / 9000 } });
    expect(summary).not.toHaveProperty("p99Micros");
  });
});
