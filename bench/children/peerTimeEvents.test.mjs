// The time-first step of the raw-SQL peer of equipments.update (equipmentUpdateSql.mjs's
// `recordTimeSql`): what it records for an account over a window must be the events wsafe
// expects there (events.list computes them with the same stable ids the server's own
// recorder writes), each once, numbered in order of instant. Two copies of one store: wsafe
// reads one, the peer's statement writes the other. Dates are placed from the test's clock.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createScratchDirectory, plainEquipment, writeCertificateFiles } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildServer } from "../lib/childServer.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";
import { lockAccountSql, recordTimeSql } from "./equipmentUpdateSql.mjs";

const day = 86_400_000;
const now = Date.now();
const window = { from: now + 1000, to: now + 12 * day };
const token = "bench-time-events-read-0";
const account = "acc_time";

/** Six equipment of two schedules each, whose dates fall through the window; one never completed. */
const dataset = {
  accounts: [
    { id: account, name: "Time" },
    { id: "acc_time_other", name: "Other" },
  ],
  tokens: [{ token, account_id: account }],
  users: [],
  equipmentTypes: [
    { id: "et_time", account_id: account, name: "Ladder", metafields: [] },
    { id: "et_time_other", account_id: "acc_time_other", name: "Ladder", metafields: [] },
  ],
  equipments: [
    ...Array.from({ length: 6 }, (_, n) =>
      plainEquipment(`eq_time_${n}`, "et_time", now - 100 * day + n, {
        schedules: [
          {
            schedule_id: "sch_a",
            lastCompletedOn: n === 5 ? null : now - 300 * day,
            expiringOn: now + (1 + n) * day,
            expiresOn: now + (3 + n) * day,
          },
          {
            schedule_id: "sch_b",
            lastCompletedOn: now - 300 * day,
            expiringOn: now + 2 * day,
            expiresOn: now + 9 * day,
          },
        ],
      }),
    ),
    // Another account's dates in the window: never the account's events.
    plainEquipment("eq_time_other", "et_time_other", now - 100 * day, {
      schedules: [
        {
          schedule_id: "sch_a",
          lastCompletedOn: now - 300 * day,
          expiringOn: now + day,
          expiresOn: now + 2 * day,
        },
      ],
    }),
  ],
};

/** @type {Awaited<ReturnType<typeof createScratchDirectory>>} */
let scratch;
/** @type {string[]} */
const dirs = [];
/** @type {import("../lib/childServer.mjs").ChildServer | undefined} */
let wsafe;
/** @type {any} */
let peerStore;

beforeAll(async () => {
  scratch = await createScratchDirectory("bench-time-events");
  await writeCertificateFiles(scratch.path);
  const { importDataset, openStore } = await import(serverLocation().entryUrl);
  for (const side of ["wsafe", "peer"]) {
    const dir = mkdtempSync(join(tmpdir(), `wsafe-bench-time-events-${side}-`));
    dirs.push(dir);
    const store = await openStore(dir);
    await importDataset(store, dataset);
    if (side === "peer") peerStore = store;
    else await store.close();
  }
  wsafe = await startChildServer("wsafeServer.mjs", {
    tlsDir: scratch.path,
    database: dirs[0],
    rateLimit: { points: 1_000_000, durationSeconds: 1 },
  });
}, 300_000);

afterAll(async () => {
  closeIdleSockets();
  await wsafe?.close();
  await peerStore?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await scratch?.remove();
});

describe("the peer's time-first step", () => {
  it("records the account's transitions in the window as wsafe expects them, ids included, in order of instant", async () => {
    const listed = await timedPost(
      `${wsafe?.url}/v1/events.list`,
      { token, ...window, limit: 1000 },
      { keepBody: true },
    );
    const body = JSON.parse(String(listed.body));
    expect(body.ok).toBe(true);
    // The import's own events (cause import) fall in the window too: time's alone are compared.
    const expected = body.events
      .filter((/** @type {any} */ e) => e.cause === "time")
      .map((/** @type {any} */ e) => ({
        id: e.id,
        type: e.type,
        occurred_at: e.occurred_at,
        equipment_id: e.equipment_id,
        schedule_id: e.schedule_id ?? null,
        from: e.from,
        to: e.to,
      }));
    expect(expected.length).toBeGreaterThan(20);

    const recorded = await peerStore.sql.transaction(async (/** @type {any} */ tx) => {
      await tx.query(lockAccountSql, [account]);
      const [{ count }] = await tx.query(recordTimeSql, [window.from - 1, window.to, account]);
      // A second recorder of the same window records nothing again.
      const [again] = await tx.query(recordTimeSql, [window.from - 1, window.to, account]);
      const rows = await tx.query(
        `SELECT id, type, occurred_at::text AS occurred_at, equipment_id, schedule_id, from_status, to_status, cause, account_id
           FROM events WHERE cause = 'time' ORDER BY sequence`,
      );
      return { count, again: again.count, rows };
    });
    expect(recorded.again).toBe(0);
    expect(recorded.count).toBe(recorded.rows.length);
    const instants = recorded.rows.map((/** @type {any} */ r) => Number(r.occurred_at));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    expect(new Set(recorded.rows.map((/** @type {any} */ r) => r.account_id))).toEqual(new Set([account]));
    const byInstantThenId = (/** @type {any} */ a, /** @type {any} */ b) =>
      a.occurred_at - b.occurred_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const peer = recorded.rows.map((/** @type {any} */ r) => ({
      id: r.id,
      type: r.type,
      occurred_at: Number(r.occurred_at),
      equipment_id: r.equipment_id,
      schedule_id: r.schedule_id,
      from: r.from_status,
      to: r.to_status,
    }));
    expect(peer.sort(byInstantThenId)).toEqual([...expected].sort(byInstantThenId));
  }, 120_000);
});
