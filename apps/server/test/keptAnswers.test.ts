// A repeat of an idempotency_key answers the first answer byte for byte, whichever server
// kept it: one of the release before (a key lives a day, across a rolling upgrade) may
// have kept an answer without a field this release's result has, and another writer may
// have kept it in another JSON form. The server sends the kept text as it is, never read
// against today's result schema; `pretty` indents that text. On both stores.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeOf } from "../src/testing.js";
import { callMethod } from "./support/callApi.js";
import { inspectionSchedules, inspectionTokens } from "./support/inspectionDataset.js";
import { type InspectionServer, startInspectionServer } from "./support/inspectionServer.js";

describe.each(testStores)("answers kept under an idempotency key, on $name", ({ skip, create }) => {
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

  const key = () => `kept-${Math.random().toString(36).slice(2)}`;
  const accountId = "acc_insp_0";

  /**
   * Records with a key, then keeps under it what `keep` makes of the kept text: the SQL
   * expression sets the column, `$3` being `rewrite`'s text, as an older writer would have.
   */
  async function keptAs(
    keep: string,
    rewrite: (answer: string) => string = (answer) => answer,
  ): Promise<{ equipment: string; k: string; kept: string }> {
    const equipment = t.freshEquipment();
    const k = key();
    const first = await t.record(equipment, { idempotency_key: k });
    expect(first.body.ok, first.text).toBe(true);
    const sql = storeOf(t.server).sql;
    const [row] = await sql.query<{ answer: string }>(
      `UPDATE inspection_requests SET answer = ${keep}
        WHERE account_id = $1 AND idempotency_key = $2 RETURNING answer`,
      [accountId, k, rewrite(first.text)],
    );
    expect(row?.answer).not.toBe(first.text);
    return { equipment, k, kept: row?.answer ?? "" };
  }

  const repeat = (equipment: string, k: string, more: object = {}) => ({
    token: inspectionTokens(0).write,
    equipment_id: equipment,
    schedule_id: inspectionSchedules.monthly,
    result: "passed",
    inspector_id: "u_insp_0",
    idempotency_key: k,
    ...more,
  });

  it.skipIf(skip)(
    "replays an answer kept without a field this release's result has, as it was kept, over POST and GET",
    async () => {
      // As the release before kept it (compact, by JSON.stringify): its result had no
      // `late_entry`, which today's requires.
      const { equipment, k, kept } = await keptAs("$3::text", (answer) => {
        const { late_entry: _added, ...before } = JSON.parse(answer);
        return JSON.stringify(before);
      });
      expect(JSON.parse(kept)).not.toHaveProperty("late_entry");
      for (const httpMethod of ["POST", "GET"] as const) {
        const again = await callMethod(t.server.url, httpMethod, "inspections.record", repeat(equipment, k));
        expect(again.status).toBe(200);
        expect(again.text).toBe(kept);
      }
      const pretty = await callMethod(
        t.server.url,
        "POST",
        "inspections.record",
        repeat(equipment, k, { pretty: true }),
      );
      expect(pretty.text).toBe(JSON.stringify(JSON.parse(kept), null, 2));
    },
  );

  it.skipIf(skip)("replays the kept text byte for byte, in whatever JSON form it was kept", async () => {
    // PostgreSQL's own form (a blank after `:` and `,`, keys in jsonb's order), as a writer
    // that kept the text its SQL built would: a server that parsed the kept answer and
    // wrote it again would answer other bytes.
    const { equipment, k, kept } = await keptAs("($3::jsonb - 'late_entry')::text");
    expect(kept).toMatch(/"ok": true/);
    const again = await callMethod(t.server.url, "POST", "inspections.record", repeat(equipment, k));
    expect(again.text).toBe(kept);
  });
});
