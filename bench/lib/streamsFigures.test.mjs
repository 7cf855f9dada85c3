import { describe, expect, it } from "vitest";
import { streamsFigures } from "./streamsFigures.mjs";

const MiB = 2 ** 20;

/** A run of idle CPU beside the bare server: its median, the bare server's. */
const idleRun = (/** @type {number} */ wsafe, /** @type {number} */ bare) => ({
  medianMsPerSecond: wsafe,
  meanMsPerSecond: wsafe,
  bare: { medianMsPerSecond: bare, meanMsPerSecond: bare },
});

/** Workload 9's results on one store, with the idle figures and the slow reader's given. */
const results = (
  /** @type {{ on: number, metrics: number, bare: number, stalledMiB: number, noneMiB: number }} */ r,
) => ({
  backends: {
    pglite: {
      idleCpu: {
        on: idleRun(r.on, r.bare),
        withMetrics: idleRun(r.metrics, r.bare),
        eventsOnly: idleRun(r.on, r.bare),
        off: idleRun(r.on, r.bare),
      },
      firstEvent: {
        many: { accounts: 20, count: 2_000, resumeMs: 10, fromMs: 10 },
        alone: { accounts: 1, count: 100, resumeMs: 10, fromMs: 10 },
      },
      memory: {
        none: { events: 900, aboveBeforeBytes: MiB, heldGrewBytes: r.noneMiB * MiB },
        stopped: { events: 900, aboveBeforeBytes: MiB, heldGrewBytes: r.stalledMiB * MiB, received: 900 },
        reading: { events: 900, aboveBeforeBytes: MiB, heldGrewBytes: r.noneMiB * MiB, received: 900 },
      },
    },
  },
});

const named = (/** @type {import("./figure.mjs").Figure[]} */ figures, /** @type {string} */ part) =>
  figures.filter((f) => f.name.includes(part)).map((f) => [f.value, f.peerValue, f.goal, f.met]);

describe("streamsFigures", () => {
  it("holds an idle server to 1 ms/s above the bare https server of the same window, and prints the metrics listener's beside it", () => {
    const met = streamsFigures(results({ on: 1.6, metrics: 2.5, bare: 0.7, stalledMiB: 0, noneMiB: 0 }));
    expect(named(met, "beside a bare https server")).toEqual([
      [1.6, 0.7, "≤ +1 ms/s", true],
      [2.5, 0.7, null, null],
    ]);
    const missed = streamsFigures(results({ on: 1.8, metrics: 2.5, bare: 0.7, stalledMiB: 0, noneMiB: 0 }));
    expect(named(missed, "beside a bare https server")[0]).toEqual([1.8, 0.7, "≤ +1 ms/s", false]);
  });

  it("holds a stalled reader to 2 MiB above the same import with no stream, whatever the import itself holds", () => {
    const met = streamsFigures(results({ on: 1, metrics: 1, bare: 1, stalledMiB: 2.9, noneMiB: 1 }));
    expect(named(met, "while a reader stalls")).toEqual([[2.9, 1, "≤ +2 MiB", true]]);
    const missed = streamsFigures(results({ on: 1, metrics: 1, bare: 1, stalledMiB: 7.3, noneMiB: 0.5 }));
    expect(named(missed, "while a reader stalls")).toEqual([[7.3, 0.5, "≤ +2 MiB", false]]);
  });
});
