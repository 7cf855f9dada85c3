// The unique index of external_id is the backstop behind the check a register write makes
// under its account's lock: a writer that takes no such lock (here a session of its own)
// may take a key between the check and the insert. Its row's index entry makes the
// write's insert wait; once it commits, the insert fails with 23505 on that index, and the
// write answers external_id_taken naming the holder, never server_error, with nothing
// written. PostgreSQL only: PGlite has one session, in which no write runs beside another.
import { eventually, type ScratchDatabase, testStores } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiAnswer } from "./support/callApi.js";
import { expectFailure } from "./support/expectFailure.js";
import { registerIds } from "./support/registerDataset.js";
import { type RegisterServer, startRegisterServer } from "./support/registerServer.js";

const postgres = testStores.find((store) => store.name === "PostgreSQL");
const skip = !postgres || postgres.skip;
const ids = registerIds(0);

describe.skipIf(skip)("an external_id taken behind the account's lock, on PostgreSQL", () => {
  let db: ScratchDatabase;
  let t: RegisterServer;
  let outside: pg.Client;
  beforeAll(async () => {
    db = await postgres!.create();
    t = await startRegisterServer(db);
    outside = new pg.Client({ connectionString: db.database });
    await outside.connect();
  }, 60_000);
  afterAll(async () => {
    await outside?.end();
    await t?.stop();
    await db?.drop();
  });

  /** Whether a session of the database waits on a lock in a statement containing `text`. */
  async function waitingIn(text: string): Promise<boolean> {
    const { rows } = await outside.query(
      `SELECT 1 FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND position($1 in query) > 0`,
      [text],
    );
    return rows.length > 0;
  }

  /**
   * Sends `write` while another session holds an uncommitted equipment with `key`, waits
   * until the write waits on that row's index entry, then commits the other session.
   */
  async function raced(key: string, holderId: string, statement: string, write: () => Promise<ApiAnswer>) {
    const session = new pg.Client({ connectionString: db.database });
    await session.connect();
    try {
      await session.query("BEGIN");
      await session.query(
        `INSERT INTO equipments (id, account_id, equipment_type_id, serial_number, created, parent_id,
                                 field_office_ids, line_of_business_id, assigned_user_ids, notes,
                                 is_in_service, metavalues, external_id)
         VALUES ($1, $2, $3, 'SN-OUTSIDE', 0, '', '[]', '', '[]', '', true, '{}', $4)`,
        [holderId, ids.account, ids.plain, key],
      );
      const answer = write();
      await eventually(() => waitingIn(statement), "the write waits on the other session's row");
      await session.query("COMMIT");
      return await answer;
    } finally {
      await session.end();
    }
  }

  const taken = (key: string, holderId: string) =>
    `external_id ${key} is held by equipment ${holderId}: update it with equipments.update, or choose another key`;

  it("answers a create external_id_taken naming the holder, and creates nothing", async () => {
    const answer = await raced("ERP-RACE-1", "eq_outside_1", "INSERT INTO equipments", () =>
      t.call("equipments.create", {
        external_id: "ERP-RACE-1",
        equipmentType_id: ids.plain,
        serialNumber: "SN-RACE-1",
        idempotency_key: "race-create",
      }),
    );
    expectFailure(answer, "external_id_taken", taken("ERP-RACE-1", "eq_outside_1"));
    const { rows } = await outside.query("SELECT id FROM equipments WHERE serial_number = 'SN-RACE-1'");
    expect(rows).toEqual([]);
    // The refused write kept nothing under its key: sent again, it is refused again, by its check.
    const again = await t.call("equipments.create", {
      external_id: "ERP-RACE-1",
      equipmentType_id: ids.plain,
      serialNumber: "SN-RACE-1",
      idempotency_key: "race-create",
    });
    expect(again.text).toBe(answer.text);
  });

  it("answers an update giving the key external_id_taken naming the holder, and changes nothing", async () => {
    const id = t.freshEquipment();
    const before = await t.listed(id);
    const answer = await raced("ERP-RACE-2", "eq_outside_2", "UPDATE equipments", () =>
      t.call("equipments.update", { id, external_id: "ERP-RACE-2", notes: "Raced." }),
    );
    expectFailure(answer, "external_id_taken", taken("ERP-RACE-2", "eq_outside_2"));
    expect(await t.listed(id)).toEqual(before);
    expect(await t.eventsOf(id)).toEqual([]);
  });
});
