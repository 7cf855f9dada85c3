// The raw-SQL peer of inspections.record held to what the bench holds it to before timing
// it (workload 11), on PGlite: the conformance kit's checks of the method (the version its
// new dates make has its `equipment.updated` included), and the same events and versions
// as wsafe for a renewal and for a repeat that moves no date. A peer that answered
// otherwise would be timed as a floor; these tests say so first.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildServer } from "../lib/childServer.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";
import { checkRecording, inspectionsDataset } from "../workloads/inspectionsRecord.mjs";

const day = 86_400_000;
/** Loaded equipment per account: the kit records on the next one. */
const equipment = 2;
const token = (/** @type {string} */ kind) => `bench-insp-${kind}-00-`.padEnd(24, "0");

/** @type {Awaited<ReturnType<typeof createScratchDirectory>>} */
let scratch;
/** @type {string[]} */
const dirs = [];
/** @type {Record<string, import("../lib/childServer.mjs").ChildServer>} */
const servers = {};

beforeAll(async () => {
  scratch = await createScratchDirectory("bench-inspection-peer");
  await writeCertificateFiles(scratch.path);
  const { importDataset, openStore } = await import(serverLocation().entryUrl);
  const dataset = inspectionsDataset(equipment);
  for (const side of ["wsafe", "peer"]) {
    const dir = mkdtempSync(join(tmpdir(), `wsafe-bench-inspection-peer-${side}-`));
    dirs.push(dir);
    const store = await openStore(dir);
    await importDataset(store, dataset);
    await store.close();
    servers[side] = await startChildServer(
      side === "wsafe" ? "wsafeServer.mjs" : "inspectionsRecordPeer.mjs",
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

/** A call's answer, parsed. */
async function call(/** @type {string} */ url, /** @type {string} */ method, /** @type {object} */ params) {
  const answer = await timedPost(`${url}/v1/${method}`, params, { keepBody: true });
  return JSON.parse(String(answer.body));
}

/**
 * On one side: the same inspection of `eq_bench_0_0` twice under two keys (the second
 * moves no date: no version, no event), then what each answered and the equipment's
 * events of every type from the first's instant on, without ids, instants and the
 * inspections' own ids (random on both sides), in their sequence's order.
 */
async function renewTwice(/** @type {string} */ url, /** @type {number} */ performedAt) {
  const params = {
    token: token("write"),
    equipment_id: "eq_bench_0_0",
    schedule_id: "sch_monthly",
    result: "passed",
    inspector_id: "u_bench_0",
    performed_at: performedAt,
    expiresOn: performedAt + 40 * day,
  };
  const first = await call(url, "inspections.record", { ...params, idempotency_key: "bench-peer-1" });
  const second = await call(url, "inspections.record", { ...params, idempotency_key: "bench-peer-2" });
  for (const answer of [first, second]) expect(answer, url).toMatchObject({ ok: true });
  const listed = await call(url, "events.list", {
    token: token("read"),
    from: first.inspection.recorded_at,
    types: ["equipment.updated", "schedule.status_changed", "equipment.status_changed"],
    limit: 1000,
  });
  const inspections = [first.inspection.id, second.inspection.id];
  const events = listed.events
    .filter((/** @type {any} */ event) => event.equipment_id === "eq_bench_0_0")
    .sort((/** @type {any} */ a, /** @type {any} */ b) => a.sequence - b.sequence)
    .map(
      ({
        id: _id,
        occurred_at: _at,
        sequence: _sequence,
        inspection_id,
        equipment: record,
        .../** @type {any} */ rest
      }) => ({
        ...rest,
        inspection: inspections.indexOf(inspection_id),
        // The record event carries the renewal's answer, whichever side.
        ...(record === undefined
          ? {}
          : { version: record.version, same: isDeepStrictEqual(record, first.equipment) }),
      }),
    );
  const versions = [first.equipment.version, second.equipment.version, second.late_entry];
  return { versions, events };
}

describe("the raw-SQL peer of inspections.record", () => {
  it("passes every check the conformance kit makes of inspections.record, the recording's included", async () => {
    const report = await checkRecording(servers.peer?.url ?? "", equipment);
    expect(report.firstFailure).toBeUndefined();
    expect(report.failed).toBe(0);
    expect(report.passed).toBeGreaterThan(7);
  }, 300_000);

  it("records the events and versions wsafe records: equipment.updated for the renewal, nothing for a repeat that moves no date", async () => {
    const performedAt = Date.now() - 60_000;
    const wsafe = await renewTwice(servers.wsafe?.url ?? "", performedAt);
    const peer = await renewTwice(servers.peer?.url ?? "", performedAt);
    expect(wsafe.versions).toEqual([2, 2, false]);
    expect(wsafe.events.map((/** @type {any} */ event) => [event.type, event.inspection])).toEqual([
      ["equipment.updated", 0],
      ["schedule.status_changed", 0],
      ["equipment.status_changed", 0],
    ]);
    expect(wsafe.events[0]).toMatchObject({ version: 2, same: true, cause: "inspection" });
    expect(peer).toEqual(wsafe);
  }, 300_000);
});
