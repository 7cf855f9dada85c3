// The kit's one opt-in write (recordInspection): against the fixture server it records one
// inspection and every effect checks out; each fault that breaks one effect of a recording
// fails exactly the check of that effect; and a run that does not opt in records nothing.
import { describe, expect, it } from "vitest";
import type { ConformanceOptions } from "./ConformanceOptions.js";
import { runConformance } from "./runConformance.js";
import { type Fault, fixtureTokens, startFixtureServer } from "./test/fixtureServer.js";

const options = (baseUrl: string, schedule_id = "sch_annual"): ConformanceOptions => ({
  baseUrl,
  token: fixtureTokens.read,
  writeToken: fixtureTokens.write,
  methods: ["inspections.record"],
  recordInspection: { equipment_id: "eq_h_0003", schedule_id, inspector_id: "u_ada" },
});
const recordingResults = (report: Awaited<ReturnType<typeof runConformance>>) =>
  report.results.filter((result) => result.name.startsWith("recorded:"));
const inspectionsOf = async (url: string) =>
  (
    (await (
      await fetch(`${url}/v1/inspections.list`, {
        method: "POST",
        body: JSON.stringify({ token: fixtureTokens.read, equipment_id: "eq_h_0003" }),
      })
    ).json()) as { inspections: unknown[] }
  ).inspections;

describe("recordInspection", () => {
  it.each(["sch_annual", "sch_preuse"])(
    "records one inspection of %s and finds every effect of it (an interval, or none: the kit gives expiresOn)",
    async (schedule) => {
      const server = await startFixtureServer();
      try {
        const report = await runConformance(options(server.url, schedule));
        const results = recordingResults(report);
        expect(results).toHaveLength(7);
        expect(results.filter((result) => result.status !== "passed")).toEqual([]);
        expect(report.failed).toBe(0);
        expect(await inspectionsOf(server.url)).toHaveLength(1);
      } finally {
        await server.close();
      }
    },
    60_000,
  );

  it("is not run, and records nothing, unless asked for", async () => {
    const server = await startFixtureServer();
    try {
      const { recordInspection: _target, ...rest } = options(server.url);
      const report = await runConformance(rest);
      expect(recordingResults(report)).toEqual([]);
      expect(report.failed).toBe(0);
      expect(await inspectionsOf(server.url)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);

  const faults: [Fault, RegExp][] = [
    ["inspection-interval-ignored", /^recorded: (a passed inspection|equipments\.list shows)/],
    // A stale answer differs from the version's event too, which carries the record written.
    ["inspection-answer-stale", /^recorded: (the answer's equipment|the version its new dates make)/],
    ["inspection-not-listed", /^recorded: inspections\.list lists it/],
    ["inspection-events-missing", /^recorded: its status changes are events/],
    ["inspection-version-event-missing", /^recorded: the version its new dates make/],
    ["idempotency-ignored", /^recorded: its idempotency key/],
  ];
  const failedByFaults = new Set<string>();
  it.each(faults)(
    "fails exactly %s's checks under that fault: %s",
    async (fault, pattern) => {
      const server = await startFixtureServer(fault);
      try {
        const results = recordingResults(await runConformance(options(server.url)));
        const failed = results.filter((result) => result.status === "failed").map((result) => result.name);
        expect(failed.length).toBeGreaterThan(0);
        expect(failed.filter((name) => !pattern.test(name))).toEqual([]);
        expect(results.filter((result) => pattern.test(result.name) && result.status !== "failed")).toEqual(
          [],
        );
        for (const name of failed) failedByFaults.add(name.replace(/eq_h_0003 sch_annual/, "…"));
      } finally {
        await server.close();
      }
    },
    60_000,
  );

  it("makes every recording check fail under some fault", () => {
    expect(failedByFaults.size).toBe(7);
  });
});
