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
