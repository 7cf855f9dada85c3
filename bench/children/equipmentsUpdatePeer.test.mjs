// The raw-SQL peer of equipments.update held to what the bench holds it to before timing
// it (workload 14), on PGlite: the conformance kit's checks of the method, and the same
// requests as wsafe answered field by field, with the same events. A peer that answered
// otherwise would be timed as a floor; these tests say so first.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildServer } from "../lib/childServer.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { closeIdleSockets } from "../lib/timedPost.mjs";
import { updateDataset } from "../lib/updateDataset.mjs";
import { runUpdateConformance } from "../lib/updateKit.mjs";
import { compareUpdateSides } from "../workloads/updateAgreement.mjs";

/** @type {Awaited<ReturnType<typeof createScratchDirectory>>} */
let scratch;
/** @type {string[]} */
const dirs = [];
/** @type {Record<string, import("../lib/childServer.mjs").ChildServer>} */
const servers = {};

beforeAll(async () => {
  scratch = await createScratchDirectory("bench-update-peer");
  await writeCertificateFiles(scratch.path);
  const { importDataset, openStore } = await import(serverLocation().entryUrl);
  const dataset = updateDataset(2);
  for (const side of ["wsafe", "peer"]) {
    const dir = mkdtempSync(join(tmpdir(), `wsafe-bench-update-peer-${side}-`));
    dirs.push(dir);
    const store = await openStore(dir);
    await importDataset(store, dataset);
    await store.close();
    servers[side] = await startChildServer(
      side === "wsafe" ? "wsafeServer.mjs" : "equipmentsUpdatePeer.mjs",
      {
        tlsDir: scratch.path,
        database: dir,
        rateLimit: { points: 1_000_000, durationSeconds: 1 },
        webhooks: { deliver: false, allowHttp: true, allowPrivate: true },
      },
    );
  }
}, 300_000);

afterAll(async () => {
  closeIdleSockets();
  for (const server of Object.values(servers)) await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await scratch?.remove();
});

describe("the raw-SQL peer of equipments.update", () => {
  it("passes every check the conformance kit makes of equipments.update, its register writes included", async () => {
    const report = await runUpdateConformance(servers.peer?.url ?? "", 30_000);
    expect(report.results.filter((result) => result.status === "failed")).toEqual([]);
    // The opt-in writes ran: a created equipment updated through the peer, then retired.
    expect(report.results.filter((result) => result.name.startsWith("written: ")).length).toBeGreaterThan(5);
    expect(report.results.filter((result) => result.status === "skipped")).toEqual([]);
  }, 300_000);

  it("answers what wsafe answers, field by field, and records the same events", async () => {
    const agreement = await compareUpdateSides({
      wsafe: servers.wsafe?.url ?? "",
      peer: servers.peer?.url ?? "",
    });
    expect(agreement.differences).toEqual([]);
    // A change, a move (the record and four transitions), a key given, a change by key,
    // another equipment's key, the key removed with a move back: every write recorded.
    expect(agreement.events).toBe(14);
  }, 300_000);
});
