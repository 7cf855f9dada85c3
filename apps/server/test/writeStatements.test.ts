// The one way every write runs (runWrite), on both stores, by the statements it sends: a
// keyed inspections.record is still four statements (the key's claim, the account's lock,
// the clock moved with the read, the write with its answer kept), a repeat two; a write
// that does not take the closing statements into its own gets them as one statement after
// it; a write that kept one answer and answers another fails, keeping nothing.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import { KeptAnswer } from "../src/results/KeptAnswer.js";
import type { Sql } from "../src/store/database/Sql.js";
import { openStore } from "../src/store/openStore.js";
import { sqlParameters } from "../src/store/queries/sqlParameters.js";
import type { Store } from "../src/store/Store.js";
import { runWrite } from "../src/writes/runWrite.js";
import { countingSql } from "./support/countingSql.js";
import { inspectedEquipment, inspectionDataset, inspectionSchedules } from "./support/inspectionDataset.js";
import { recordInspectionNow } from "./support/recordInspectionNow.js";

describe.each(testStores)("a write's statements on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  const now = Date.now();
  const key = () => `key-${Math.random().toString(36).slice(2)}`;
  const kept = async (k: string) =>
    (
      await store.sql.query<{ method: string; answer: string | null }>(
        "SELECT method, answer FROM inspection_requests WHERE idempotency_key = $1",
        [k],
      )
    )[0];

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
    await importDataset(store, inspectionDataset(1, 4, now));
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  const record = (sql: Sql, equipment: number, idempotencyKey?: string) =>
    recordInspectionNow(sql, {
      accountId: "acc_insp_0",
      now,
      params: {
        token: "unused",
        equipment_id: inspectedEquipment(0, equipment),
        schedule_id: inspectionSchedules.monthly,
        result: "passed",
        inspector_id: "u_insp_0",
        ...(idempotencyKey === undefined ? {} : { idempotency_key: idempotencyKey }),
      },
    });

  it.skipIf(skip)(
    "records a keyed inspection in four statements, its answer kept in the last, and answers a repeat in two",
    async () => {
      // The account's time recorded up to `now` first: the next recording has no time to catch up.
      await record(store.sql, 0);
      const k = key();
      const counter = countingSql(store.sql);
      const answer = await record(counter.sql, 1, k);
      expect(counter.sent).toHaveLength(4);
      expect(counter.sent[0]).toMatch(/^INSERT INTO inspection_requests/);
      expect(await kept(k)).toEqual({ method: "inspections.record", answer: JSON.stringify(answer) });
      const repeat = countingSql(store.sql);
      // The first answer as kept: its text, sent again as it is.
      expect(await record(repeat.sql, 1, k)).toEqual(new KeptAnswer(JSON.stringify(answer)));
      expect(repeat.sent).toHaveLength(2);
      // Without a key: the claim alone is saved.
      const keyless = countingSql(store.sql);
      await record(keyless.sql, 2);
      expect(keyless.sent).toHaveLength(3);
    },
  );

  it.skipIf(skip)(
    "keeps the answer of a write that does not take the closing statements in one statement after it",
    async () => {
      const write = { method: "things.make", accountId: "acc_insp_0", now };
      const k = key();
      const counter = countingSql(store.sql);
      const answer = await runWrite(
        counter.sql,
        { ...write, params: { name: "a", idempotency_key: k } },
        async ({ sql }) => {
          await sql.query("SELECT 1");
          return { ok: true, made: "a" };
        },
      );
      expect(counter.sent.map((text) => text.split(/\s/)[0])).toEqual(["INSERT", "SELECT", "WITH"]);
      expect(await kept(k)).toEqual({ method: "things.make", answer: JSON.stringify(answer) });
      // A repeat answers it without running the write again.
      let ran = false;
      const again = await runWrite(
        store.sql,
        { ...write, params: { name: "a", idempotency_key: k } },
        async () => {
          ran = true;
          return { ok: true, made: "b" };
        },
      );
      expect(again).toEqual(new KeptAnswer(JSON.stringify(answer)));
      expect(ran).toBe(false);
      const keyless = countingSql(store.sql);
      await runWrite(keyless.sql, { ...write, params: { name: "b" } }, async ({ sql }) => {
        await sql.query("SELECT 1");
        return { ok: true };
      });
      expect(keyless.sent).toEqual(["SELECT 1"]);
    },
  );

  it.skipIf(skip)("fails a write that kept one answer and answers another, keeping nothing", async () => {
    const k = key();
    const run = runWrite(
      store.sql,
      { method: "things.make", accountId: "acc_insp_0", now, params: { idempotency_key: k } },
      async ({ sql, closingSql }) => {
        const { params, param } = sqlParameters();
        await sql.query(`WITH ${closingSql(param, { ok: true, made: "kept" }).join(", ")} SELECT 1`, params);
        return { ok: true, made: "answered" };
      },
    );
    await expect(run).rejects.toThrow("things.make kept one answer under its key and answered another");
    expect(await kept(k)).toBeUndefined();
  });
});
