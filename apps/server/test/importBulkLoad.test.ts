import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoDataset } from "../src/demo/createDemoDataset.js";
import { importDataset } from "../src/import/importDataset.js";
import type { Sql } from "../src/store/database/Sql.js";
import { beginBulkLoad } from "../src/store/dataset/bulkLoad.js";
import { DatasetError } from "../src/store/dataset/DatasetError.js";
import { importedTableNames, writeDataset } from "../src/store/dataset/writeDataset.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";

// An import into an empty store drops the tables' keys and indexes and builds them
// again once the rows are in (src/store/dataset/bulkLoad.ts). What must hold: the schema after
// it is exactly the migrations', and any failure leaves the store as it was, keys included.

/** Every key, index and trigger of the store's schema, as the catalog defines them (no oids). */
async function schemaOf(sql: Sql) {
  const constraints = await sql.query(
    `SELECT conrelid::regclass::text AS tbl, conname, contype::text, pg_get_constraintdef(oid) AS def,
            convalidated, condeferrable
       FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2`,
  );
  const indexes = await sql.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def,
            i.indisprimary, i.indisunique, i.indisvalid, i.indisready
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
      WHERE c.relnamespace = current_schema()::regnamespace ORDER BY 1`,
  );
  // The foreign keys' own triggers carry oids in their names: compared by table, function and kind.
  const triggers = await sql.query(
    `SELECT t.tgrelid::regclass::text AS tbl, t.tgfoid::regproc::text AS fn, t.tgtype, t.tgisinternal,
            CASE WHEN t.tgisinternal THEN '' ELSE pg_get_triggerdef(t.oid) END AS def
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relnamespace = current_schema()::regnamespace ORDER BY 1, 2, 3, 5`,
  );
  return { constraints, indexes, triggers };
}

const rowCounts = async (sql: Sql) =>
  Object.fromEntries(
    await Promise.all(
      importedTableNames.map(async (table) => [
        table,
        (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n,
      ]),
    ),
  );

const noRows = Object.fromEntries(importedTableNames.map((table) => [table, 0]));

describe.each(testStores)("an import into an empty store on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  let migrated: Awaited<ReturnType<typeof schemaOf>>;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
    migrated = await schemaOf(store.sql);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it.skipIf(skip)("refuses a bad reference with the documented error and writes nothing", async () => {
    const dataset = createDemoDataset({ equipmentCount: 20, seed: 3 });
    dataset.equipments[4] = { ...dataset.equipments[4]!, equipmentType_id: "et_missing" };
    const error = await importDataset(store, dataset).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).issues.map((issue) => issue.path)).toContain(
      "equipments[4].equipmentType_id",
    );
    expect(await rowCounts(store.sql)).toEqual(noRows);
    expect(await schemaOf(store.sql)).toEqual(migrated);
  });

  it.skipIf(skip)("rolls back rows and dropped keys alike when a rebuilt key fails", async () => {
    // Past the reference checks (called without them), the rebuilt foreign key is what refuses the row.
    const dataset = createDemoDataset({ equipmentCount: 20, seed: 3 });
    dataset.users[0] = { ...dataset.users[0]!, account_id: "acc_missing" };
    const error = await store.sql
      .transaction((sql) => writeDataset(sql, dataset, () => {}))
      .catch((caught: unknown) => caught);
    expect(String(error)).toMatch(/foreign key/);
    expect(await rowCounts(store.sql)).toEqual(noRows);
    expect(await schemaOf(store.sql)).toEqual(migrated);
  });

  it.skipIf(skip)("leaves exactly the keys and indexes the migrations made, every row in", async () => {
    const dataset = createDemoDataset({ equipmentCount: 300, seed: 3 });
    await importDataset(store, dataset);
    expect(await schemaOf(store.sql)).toEqual(migrated);
    const counts = await rowCounts(store.sql);
    expect(counts.equipments).toBe(dataset.equipments.length);
    expect(counts.schedules).toBe(dataset.equipments.reduce((n, e) => n + e.schedules.length, 0));
    // The rebuilt keys hold: a duplicate and a dangling reference are refused.
    await expect(
      store.sql.query("INSERT INTO accounts (id, name) VALUES ($1, 'again')", [dataset.accounts[0]!.id]),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      store.sql.query("INSERT INTO schedules (equipment_id, schedule_id) VALUES ('eq_missing', 's')"),
    ).rejects.toThrow(/foreign key/);
  });

  it.skipIf(skip)("into a store with rows drops nothing and keeps no lock", async () => {
    const locks = await store.sql.transaction(async (sql) => {
      expect(await beginBulkLoad(sql, importedTableNames)).toBeUndefined();
      return sql.query(
        `SELECT relation::regclass::text AS tbl FROM pg_locks
          WHERE pid = pg_backend_pid() AND mode = 'AccessExclusiveLock' AND relation IS NOT NULL`,
      );
    });
    expect(locks).toEqual([]);
    expect(await schemaOf(store.sql)).toEqual(migrated);
  });
});
