// inspections.record's idempotency_key (issue 36; Stripe's Idempotency-Key and the IETF
// draft), on both stores: the same key and parameters answer the first answer again, byte
// for byte, and record nothing more, also when sent at once; the same key with other
// parameters answers idempotency_key_reused; a failed request keeps nothing under its
// key; keys are per account and last 24 hours, and each recording prunes its account's
// older ones. On PostgreSQL, a retry that arrives while the first is still being recorded
// is shown to wait for it: the first is held at the event clock, the retry answers only
// once it is let go, with the first's answer.
import { eventually, type ScratchDatabase, testStores } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdClockExclusivelySql } from "../src/events/eventClockLocks.js";
import { storeOf } from "../src/testing.js";
import { type ApiAnswer, callMethod } from "./support/callApi.js";
import { expectFailure } from "./support/expectFailure.js";
import { inspectedEquipment, inspectionSchedules, inspectionTokens } from "./support/inspectionDataset.js";
import { type InspectionServer, startInspectionServer } from "./support/inspectionServer.js";

const hour = 3_600_000;

describe.each(testStores)("inspections.record's idempotency keys on $name", ({ name, skip, create }) => {
  let db: ScratchDatabase;
  let t: InspectionServer;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startInspectionServer(db);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });

  const sql = () => storeOf(t.server).sql;
  const inspectionsOf = async (equipment: string) =>
    (
      await sql().query<{ id: string }>("SELECT id FROM inspections WHERE equipment_id = $1", [equipment])
    ).map((row) => row.id);
  const eventsOf = async (equipment: string) =>
    (
      await sql().query<{ id: string }>("SELECT id FROM events WHERE equipment_id = $1 ORDER BY id", [
        equipment,
      ])
    ).map((row) => row.id);
  const key = () => `key-${Math.random().toString(36).slice(2)}`;

  it.skipIf(skip)(
    "answers a repeat with the first answer, byte for byte, and records nothing more",
    async () => {
      const equipment = t.freshEquipment();
      const k = key();
      const first = await t.record(equipment, { idempotency_key: k, notes: "first" });
      expect(first.body.ok, first.text).toBe(true);
      const events = await eventsOf(equipment);
      expect(events.length).toBeGreaterThan(0);
      const again = await t.record(equipment, { idempotency_key: k, notes: "first" });
      expect(again.text).toBe(first.text);
      // Over GET too: the same request data is the same request.
      const overGet = await callMethod(t.server.url, "GET", "inspections.record", {
        token: inspectionTokens(0).write,
        equipment_id: equipment,
        schedule_id: inspectionSchedules.monthly,
        result: "passed",
        inspector_id: "u_insp_0",
        notes: "first",
        idempotency_key: k,
      });
      expect(overGet.text).toBe(first.text);
      expect(await inspectionsOf(equipment)).toEqual([first.body.inspection.id]);
      expect(await eventsOf(equipment)).toEqual(events);
    },
  );

  it.skipIf(skip)(
    "answers the same key with other parameters idempotency_key_reused, and records nothing",
    async () => {
      const equipment = t.freshEquipment();
      const k = key();
      const first = await t.record(equipment, { idempotency_key: k });
      const before = await t.written();
      for (const other of [{ notes: "changed" }, { result: "failed" }, { performed_at: Date.now() - hour }]) {
        expectFailure(
          await t.record(equipment, { idempotency_key: k, ...other }),
          "idempotency_key_reused",
          /^idempotency_key was sent within the last 24 hours with other parameters/,
        );
      }
      // Even aimed at another equipment: the key is the account's, not the equipment's.
      expectFailure(await t.record(t.freshEquipment(), { idempotency_key: k }), "idempotency_key_reused");
      expect(await t.written()).toEqual(before);
      expect(await inspectionsOf(equipment)).toEqual([first.body.inspection.id]);
    },
  );

  it.skipIf(skip)(
    "records once when the same request is sent many times at once, and answers each alike",
    async () => {
      const equipment = t.freshEquipment();
      const k = key();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => t.record(equipment, { idempotency_key: k })),
      );
      for (const answer of answers) expect(answer.body.ok, answer.text).toBe(true);
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      expect(await inspectionsOf(equipment)).toEqual([answers[0]!.body.inspection.id]);
    },
  );

  it.skipIf(skip)(
    "lets one of two requests sharing a key at once record; the other is told the key is taken",
    async () => {
      const equipment = t.freshEquipment();
      const k = key();
      const sent = [
        ...Array.from({ length: 3 }, () => t.record(equipment, { idempotency_key: k, notes: "a" })),
        ...Array.from({ length: 3 }, () => t.record(equipment, { idempotency_key: k, notes: "b" })),
      ];
      const answers = await Promise.all(sent);
      const recorded = answers.filter((answer) => answer.body.ok);
      const refused = answers.filter((answer) => !answer.body.ok);
      expect(recorded).toHaveLength(3);
      expect(new Set(recorded.map((answer) => answer.body.inspection.notes)).size).toBe(1);
      for (const answer of refused) expectFailure(answer, "idempotency_key_reused");
      expect(await inspectionsOf(equipment)).toEqual([recorded[0]!.body.inspection.id]);
    },
  );

  it.skipIf(skip)("keeps nothing under the key of a request that failed: corrected, it records", async () => {
    const equipment = t.freshEquipment();
    const k = key();
    expectFailure(
      await t.record(equipment, { idempotency_key: k, inspector_id: "u_insp_1" }),
      "content_not_found",
    );
    expectFailure(
      await t.record(equipment, { idempotency_key: k, expiringOn: 1, expiresOn: 2 }),
      "parameter_invalid",
    );
    const corrected = await t.record(equipment, { idempotency_key: k });
    expect(corrected.body.ok, corrected.text).toBe(true);
    // From now on the key is the corrected request's.
    expectFailure(
      await t.record(equipment, { idempotency_key: k, inspector_id: "u_insp_1" }),
      "idempotency_key_reused",
    );
  });

  it.skipIf(skip)("keeps keys per account: another account's same key is its own", async () => {
    const k = key();
    const own = await t.record(t.freshEquipment(), { idempotency_key: k });
    const other = await callMethod(t.server.url, "POST", "inspections.record", {
      token: inspectionTokens(1).write,
      equipment_id: inspectedEquipment(1, 0),
      schedule_id: inspectionSchedules.monthly,
      result: "passed",
      inspector_id: "u_insp_1",
      idempotency_key: k,
    });
    expect(other.body.ok, other.text).toBe(true);
    expect(other.body.inspection.id).not.toBe(own.body.inspection.id);
  });

  it.skipIf(skip)(
    "forgets a key after 24 hours, and prunes each account's older keys as it records",
    async () => {
      const equipment = t.freshEquipment();
      const k = key();
      const first = await t.record(equipment, { idempotency_key: k });
      // The key as it will be a day later.
      await sql().query(
        "UPDATE inspection_requests SET created_at = created_at - $1::bigint WHERE idempotency_key = $2",
        [24 * hour, k],
      );
      await sql().query(
        `INSERT INTO inspection_requests (account_id, idempotency_key, fingerprint, created_at, answer)
       VALUES ('acc_insp_0', 'old-0', 'x', $1::bigint, '{}'), ('acc_insp_1', 'old-1', 'x', $1::bigint, '{}')`,
        [Date.now() - 25 * hour],
      );
      const again = await t.record(equipment, { idempotency_key: k });
      expect(again.body.ok, again.text).toBe(true);
      expect(again.body.inspection.id).not.toBe(first.body.inspection.id);
      const left = await sql().query<{ idempotency_key: string }>(
        "SELECT idempotency_key FROM inspection_requests WHERE idempotency_key IN ('old-0', 'old-1', $1)",
        [k],
      );
      // Account 0 recorded: its old key is gone, the taken-over one is fresh; account 1's waits for its next recording.
      expect(left.map((row) => row.idempotency_key).sort()).toEqual([k, "old-1"].sort());
    },
  );

  it.skipIf(skip || name !== "PostgreSQL")(
    "makes a retry that arrives while the first is being recorded wait for it, and answers it the first's answer",
    async () => {
      const equipment = t.freshEquipment();
      const k = key();
      // Hold the event clock, as a long import would: the first request claims its key,
      // then waits for the clock.
      const holder = new pg.Client({ connectionString: db.database });
      await holder.connect();
      await holder.query("BEGIN");
      await holder.query(holdClockExclusivelySql);
      // Watched from a session of its own: within a transaction, pg_stat_activity is one snapshot.
      const watcher = new pg.Client({ connectionString: db.database });
      await watcher.connect();
      let settled = 0;
      const track = (answer: Promise<ApiAnswer>) => answer.finally(() => settled++);
      const first = track(t.record(equipment, { idempotency_key: k }));
      await eventually(
        async () => (await waitingIn(watcher, "pg_advisory_xact_lock_shared")) === 1,
        "the first request, its key claimed, waits for the clock",
        { timeoutMs: 30_000 },
      );
      const retry = track(t.record(equipment, { idempotency_key: k }));
      await eventually(
        async () => (await waitingIn(watcher, "INSERT INTO inspection_requests")) === 1,
        "the retry waits on the first's key",
        { timeoutMs: 30_000 },
      );
      expect(settled).toBe(0);
      await holder.query("COMMIT");
      await holder.end();
      await watcher.end();
      const [a, b] = await Promise.all([first, retry]);
      expect(a.body.ok, a.text).toBe(true);
      expect(b.text).toBe(a.text);
      expect(await inspectionsOf(equipment)).toEqual([a.body.inspection.id]);
    },
  );
});

/** Sessions of this database waiting on a lock in a statement that contains `text`. */
async function waitingIn(client: pg.Client, text: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'
        AND position($1 in query) > 0`,
    [text],
  );
  return Number(rows[0]!.n);
}
