// The statements each equipment write sends, on both stores, as `inspections.record`'s:
// with its key, four - the key's claim, the account's lock, the clock moved with the
// write's one read, and one statement holding the write's rows, its events and its kept
// answer. A request that writes nothing (an update that changes nothing, a repeated
// retirement) sends its kept answer as the fourth.
import { type MethodName, methods } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import { createEquipment } from "../src/register/createEquipment.js";
import { retireEquipment } from "../src/register/retireEquipment.js";
import { updateEquipment } from "../src/register/updateEquipment.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";
import { runWrite } from "../src/writes/runWrite.js";
import type { WriteTransaction } from "../src/writes/WriteTransaction.js";
import { countingSql } from "./support/countingSql.js";
import { registerDataset, registerIds } from "./support/registerDataset.js";

const ids = registerIds(0);

describe.each(testStores)("the equipment writes' statements on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  const now = Date.now();

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
    await importDataset(store, registerDataset(1, 4, now));
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  /** Runs a write through runWrite with a fresh key, answering the texts of its statements. */
  async function statementsOf<Name extends MethodName>(
    method: Name,
    data: object,
    write: (transaction: WriteTransaction, params: never) => Promise<object>,
  ) {
    const params = methods[method].params.parse({
      token: "t",
      idempotency_key: `k-${Math.random()}`,
      ...data,
    });
    const counter = countingSql(store.sql);
    const request = { method, accountId: ids.account, params, now: Date.now() };
    await runWrite(counter.sql, request, (transaction) => write(transaction, params as never));
    return counter.sent;
  }

  /** What each statement of a write is, read from its text. */
  const kinds = (sent: string[]) =>
    sent.map((text) =>
      text.includes("INSERT INTO events")
        ? "write"
        : text.includes("pg_advisory_xact_lock")
          ? "lock"
          : text.includes("account_event_clocks")
            ? "clock and read"
            : text.includes("inspection_requests")
              ? "key"
              : text.slice(0, 40),
    );

  it.skipIf(skip)(
    "creates, updates and retires in four statements each, the last one writing everything",
    async () => {
      const accountId = ids.account;
      const created = await statementsOf(
        "equipments.create",
        { equipmentType_id: ids.harness, serialNumber: "SN-STATEMENTS", external_id: "ERP-ST" },
        (write, params) => createEquipment(write, { accountId, params, now: Date.now() }),
      );
      expect(kinds(created)).toEqual(["key", "lock", "clock and read", "write"]);
      // The write's statement holds the equipment, its schedules and the kept answer.
      expect(created[3]).toMatch(
        /INSERT INTO equipments[\s\S]*INSERT INTO schedules[\s\S]*inspection_requests/,
      );
      const updated = await statementsOf(
        "equipments.update",
        { external_id: "ERP-ST", notes: "Changed." },
        (write, params) => updateEquipment(write, { accountId, params, now: Date.now() }),
      );
      expect(kinds(updated)).toEqual(["key", "lock", "clock and read", "write"]);
      expect(updated[3]).toMatch(/UPDATE equipments[\s\S]*inspection_requests/);
      const retired = await statementsOf("equipments.retire", { external_id: "ERP-ST" }, (write, params) =>
        retireEquipment(write, { accountId, params, now: Date.now() }),
      );
      expect(kinds(retired)).toEqual(["key", "lock", "clock and read", "write"]);
      expect(retired[3]).toMatch(
        /DELETE FROM equipments[\s\S]*INSERT INTO retired_equipments[\s\S]*inspection_requests/,
      );
    },
  );

  it.skipIf(skip)(
    "writes nothing but its kept answer for an update that changes nothing or a repeated retirement",
    async () => {
      const accountId = ids.account;
      const unchanged = await statementsOf(
        "equipments.update",
        { id: ids.equipment(1), notes: "" },
        (write, params) => updateEquipment(write, { accountId, params, now: Date.now() }),
      );
      expect(kinds(unchanged)).toEqual(["key", "lock", "clock and read", "key"]);
      const retire = (write: WriteTransaction, params: never) =>
        retireEquipment(write, { accountId, params, now: Date.now() });
      await statementsOf("equipments.retire", { id: ids.equipment(2) }, retire);
      const again = await statementsOf("equipments.retire", { id: ids.equipment(2) }, retire);
      expect(kinds(again)).toEqual(["key", "lock", "clock and read", "key"]);
    },
  );
});
