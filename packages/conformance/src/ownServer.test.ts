// The kit against our own server (apps/server), the way CI runs it. The server is
// written beside this package; until its build exists this suite says loudly that it
// skipped rather than passing quietly.
import { type InProcessServer, loadServer } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runConformance } from "./runConformance.js";

const { server } = await loadServer("@wsafe/conformance: the suite against our server");
const ready = server !== undefined;

// Ids of the demo dataset's second account, acc_other (apps/server/src/demo/createDemoDataset.ts).
const otherIds = { equipmentType_id: "et_other_account", user: "u_other" };

describe.skipIf(!ready)("the kit against our own server (@wsafe/server, demo data)", () => {
  let running: InProcessServer;
  beforeAll(async () => {
    // HTTPS with the server's self-signed certificate, so --insecure is exercised too.
    running = await server!.startServer({ port: 0, database: "memory://", demo: true });
  }, 60_000);
  afterAll(async () => {
    await running?.close();
  });

  it("passes every check, pages, statuses at an instant and tenant isolation included", async () => {
    const report = await runConformance({
      baseUrl: running.url,
      token: server!.demoTokens.read,
      other: { token: server!.demoTokens.otherAccount, ids: otherIds },
      insecure: true,
    });
    const failed = report.results
      .filter((result) => result.status !== "passed")
      .map((r) => `${r.suite} › ${r.name}: ${r.message}`);
    expect(failed).toEqual([]);
    expect(report.passed).toBeGreaterThan(50);
    // The demo data is long enough to page every list and carries every status, so the
    // pagination and status checks ran rather than being skipped.
    const ran = new Set(report.results.map((result) => `${result.suite} › ${result.name.split(":")[0]}`));
    for (const method of ["resources.list", "equipments.list", "equipmentTypes.list"])
      expect(ran).toContain(`${method} › pages`);
    expect(ran).toContain("equipments.list › as_of");
    expect(ran).toContain("equipments.list › status");
  }, 60_000);

  it("refuses the self-signed certificate without insecure", async () => {
    const report = await runConformance({
      baseUrl: running.url,
      token: server!.demoTokens.read,
      methods: ["users.info"],
    });
    expect(report.passed).toBe(0);
    expect(report.results[0]!.message).toMatch(/request failed/);
  }, 60_000);
});
