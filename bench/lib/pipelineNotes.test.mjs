import { describe, expect, it } from "vitest";
import { pipelineNotes, roundsNotes } from "./pipelineNotes.mjs";

const checked = {
  wsafe: { label: "wsafe", kind: "checked" },
  honoContract: { label: "the contract on Hono, the documented way", kind: "checked" },
  honoContractFast: {
    label: "the contract on Hono, written for speed",
    kind: "failing",
    summary: "FAILS, not timed as a peer: fails 1 of 27 checks of resources.list (first: pretty: ...)",
  },
  trpc: { label: "stock tRPC 11 on Fastify", kind: "floor" },
};

describe("pipelineNotes", () => {
  it("names the servers that did the same work, the floors, and each failing peer with why", () => {
    expect(pipelineNotes({ method: { pinned: true }, checked })).toEqual([
      "pipeline: did the contract's work (every conformance check of resources.list passed): wsafe; the contract on Hono, the documented way. Floors that do less, printed as floors: stock tRPC 11 on Fastify.",
      "pipeline: the contract on Hono, written for speed: FAILS, not timed as a peer: fails 1 of 27 checks of resources.list (first: pretty: ...)",
    ]);
  });

  it("says loudly when the figures are not from pinned rounds", () => {
    const [first] = pipelineNotes({ method: { pinned: false, why: "taskset is not installed" }, checked });
    expect(first).toMatch(/^pipeline: NOT PINNED \(taskset is not installed\)/);
  });

  it("adds nothing for results stored before the checks existed", () => {
    expect(pipelineNotes({})).toEqual([]);
  });
});

describe("roundsNotes", () => {
  it("prints every timed server's rounds in order, with their spread", () => {
    const server = (/** @type {number[]} */ rates, /** @type {number[]} */ p99s) => ({
      roundsRequestsPerSecond: rates,
      roundsP99Micros: p99s,
      spread: { requestsPerSecond: { relative: 0.2086 }, p99Micros: { relative: 1.26 } },
    });
    expect(roundsNotes({ wsafe: server([39_400, 35_000, 32_100], [850, 990, 2100]), rounds: 3 })).toEqual([
      "pipeline rounds, wsafe: req/s 39,400, 35,000, 32,100 (spread 20.9 %); p99 µs 850, 990, 2,100 (spread 126.0 %)",
    ]);
  });
});
