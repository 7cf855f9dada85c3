import { describe, expect, it } from "vitest";
import { eventsFigures, eventsPerSecond, summariseDays, walkPeerName } from "./eventsFigures.mjs";

const same = { same: true, wsafe: 10, peer: 10, onlyWsafe: 0, onlyPeer: 0, repeated: 0, examples: [] };
const walk = (/** @type {number} */ totalMs, comparison = same) => ({
  events: 2000,
  pages: 2,
  firstPageMs: 50,
  totalMs,
  peerMs: 100,
  peerFirstPageMs: 20,
  comparison,
});
const day = (/** @type {number} */ events, /** @type {number} */ ms) => ({
  events,
  ms,
  peerEvents: events,
  peerMs: ms / 2,
});
const results = (/** @type {any} */ overrides = {}) => ({
  equipment: 100_000,
  pageSize: 1000,
  backends: {
    pglite: {
      recorder: {
        days: [day(900, 40), day(69_000, 3000), day(1000, 50)],
        catchUp: { events: 96_000, peerEvents: 96_000, ms: 4000, peerMs: 1600 },
        probe: { micros: 450, peerMicros: 150, samples: 300 },
      },
      idleCpu: {
        seconds: 20,
        sliceSeconds: 5,
        withRecorder: { medianMsPerSecond: 3 },
        withoutRecorder: { medianMsPerSecond: 0.2 },
      },
      future: walk(8000),
      past: { ...walk(5000), rawReadMs: 250 },
      ...overrides,
    },
  },
});

describe("eventsPerSecond", () => {
  it("turns events and milliseconds into events per second, NaN when nothing was timed", () => {
    expect(eventsPerSecond(900, 45)).toBe(20_000);
    expect(eventsPerSecond(900, 0)).toBeNaN();
  });
});

describe("summariseDays", () => {
  it("takes the median day, the rate over every day and the busiest day", () => {
    const days = [day(900, 40), day(69_000, 3000), day(1000, 50)];
    expect(summariseDays(days)).toEqual({
      medianEvents: 1000,
      medianMs: 50,
      medianPeerMs: 25,
      events: 70_900,
      eventsPerSecond: (70_900 / 3090) * 1000,
      busiest: days[1],
      sameCounts: true,
    });
    expect(summariseDays([{ ...day(5, 1), peerEvents: 4 }]).sameCounts).toBe(false);
  });
});

describe("eventsFigures", () => {
  it("prints each figure beside its peer with the ratio, and no goal (the issue gives none)", () => {
    const figures = eventsFigures(results());
    expect(figures.every((f) => f.workload === "8 events" && f.goal === null && f.met === null)).toBe(true);
    const probe = figures.find((f) => f.unit === "µs");
    expect(probe).toMatchObject({ value: 450, peerValue: 150, ratio: 3 });
    const catchUp = figures.find((f) => f.name.includes("30-day catch-up"));
    expect(catchUp).toMatchObject({ value: 4000, peerValue: 1600, ratio: 2.5, share: 0.4 });
    expect(catchUp?.name).toContain("96,000 events, 24,000 events/s");
    const cpu = figures.find((f) => f.unit === "ms/s");
    expect(cpu).toMatchObject({ value: 3, peerValue: 0.2, peer: "the same server with recordEvents: false" });
    expect(cpu?.ratio).toBeCloseTo(15, 10);
  });

  it("charts the walks as the peer's speed share and reads the past walk against the raw read too", () => {
    const figures = eventsFigures(results());
    const walks = figures.filter((f) => f.name.includes("the whole walk"));
    expect(walks.map((f) => [f.value, f.peerValue, f.ratio])).toEqual([
      [8000, 100, 80],
      [5000, 100, 50],
      [5000, 250, 20],
    ]);
    expect(walks[0].share).toBe(100 / 8000);
    expect(walks[0].name).toContain("2 pages (250 events/s)");
  });

  it("prints a peer that gave other events as a floor, and an idle server without its peer when unmeasured", () => {
    const differs = { ...same, same: false, onlyPeer: 3, onlyWsafe: 1 };
    const figures = eventsFigures(
      results({
        future: walk(8000, differs),
        idleCpu: { seconds: 1, sliceSeconds: 0.5, withRecorder: { medianMsPerSecond: 1 } },
      }),
    );
    expect(figures.find((f) => f.name.includes("next 30 days") && f.name.includes("walk"))?.peer).toBe(
      walkPeerName(differs),
    );
    expect(walkPeerName(differs)).toMatch(/A FLOOR: 3 events only its, 1 only wsafe's/);
    expect(figures.find((f) => f.unit === "ms/s")).toMatchObject({
      peer: null,
      peerValue: null,
      ratio: null,
    });
  });
});
