// The kit's opt-in register writes (writeRegister): against the fixture server it creates,
// updates and retires one equipment and every effect checks out; each fault that breaks
// one effect fails exactly the checks of that effect; and a run that does not opt in
// writes nothing.
import { describe, expect, it } from "vitest";
import type { ConformanceOptions } from "./ConformanceOptions.js";
import { runConformance } from "./runConformance.js";
import { type Fault, fixtureTokens, startFixtureServer } from "./test/fixtureServer.js";

const options = (baseUrl: string): ConformanceOptions => ({
  baseUrl,
  token: fixtureTokens.read,
  writeToken: fixtureTokens.write,
  methods: ["equipments.create"],
  writeRegister: { equipmentType_id: "et_harness" },
});
const writtenResults = (report: Awaited<ReturnType<typeof runConformance>>) =>
  report.results.filter((result) => result.name.startsWith("written:"));
const harnessesOf = async (url: string) =>
  (
    (await (
      await fetch(`${url}/v1/equipments.list`, {
        method: "POST",
        body: JSON.stringify({
          token: fixtureTokens.read,
          equipmentType_id: "et_harness",
          service_type: "all",
        }),
      })
    ).json()) as { equipments: unknown[] }
  ).equipments;

describe("writeRegister", () => {
  it("creates, updates and retires one equipment, and finds every effect of it", async () => {
    const server = await startFixtureServer();
    try {
      const before = await harnessesOf(server.url);
      const report = await runConformance(options(server.url));
      const results = writtenResults(report);
      expect(results).toHaveLength(10);
      expect(results.filter((result) => result.status !== "passed")).toEqual([]);
      expect(report.failed).toBe(0);
      // Retired: the lists are as they were.
      expect(await harnessesOf(server.url)).toEqual(before);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("is not run, and writes nothing, unless asked for", async () => {
    const server = await startFixtureServer();
    try {
      const { writeRegister: _target, ...rest } = options(server.url);
      const before = await harnessesOf(server.url);
      const report = await runConformance(rest);
      expect(writtenResults(report)).toEqual([]);
      expect(report.failed).toBe(0);
      expect(await harnessesOf(server.url)).toEqual(before);
    } finally {
      await server.close();
    }
  }, 60_000);

  const faults: [Fault, RegExp][] = [
    // The create's answer is what later checks hold the events to.
    ["write-created-wrong", /^written: (equipments\.(create of|list returns)|its events)/],
    ["idempotency-ignored", /^written: its idempotency key/],
    ["write-version-stale", /^written: (equipments\.update by|a stale if_version)/],
    // The stale write goes through: the retirement and the events then meet a version more.
    ["if-version-ignored", /^written: (a stale if_version|equipments\.retire by|its events)/],
    ["feed-misses-writes", /^written: equipments\.changes from before the create/],
    // Still in the register: no transition to null either.
    [
      "retired-still-listed",
      /^written: (equipments\.retire by|equipments\.changes then reports it retired|its events)/,
    ],
    ["retire-forgets-answer", /^written: a second retirement/],
    ["feed-retired-as-live", /^written: equipments\.changes then reports it retired/],
    ["register-events-missing", /^written: its events/],
  ];
  const failedByFaults = new Set<string>();
  it.each(faults)(
    "fails exactly %s's checks under that fault: %s",
    async (fault, pattern) => {
      const server = await startFixtureServer(fault);
      try {
        const results = writtenResults(await runConformance(options(server.url)));
        const failed = results.filter((result) => result.status === "failed").map((result) => result.name);
        expect(failed.length).toBeGreaterThan(0);
        expect(failed.filter((name) => !pattern.test(name))).toEqual([]);
        expect(results.filter((result) => pattern.test(result.name) && result.status !== "failed")).toEqual(
          [],
        );
        for (const name of failed) failedByFaults.add(name);
      } finally {
        await server.close();
      }
    },
    60_000,
  );

  it("makes every written check fail under some fault", () => {
    expect(failedByFaults.size).toBe(10);
  });
});
